import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { transactionsQuerySchema, type TransactionPage, type TransactionView } from '@app/contracts';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { cursorTimeSql, decodeCursor, encodeCursor } from './cursor';

export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

interface Row {
  id: string;
  source: string;
  source_id: string;
  user_id: string;
  type: TransactionView['type'];
  amount: string;
  currency: string;
  amount_usd: string | null;
  status: TransactionView['status'];
  risk_level: TransactionView['riskLevel'];
  risk_score: number;
  processor: string;
  country: string | null;
  payment_method: string | null;
  property_id: string | null;
  compliance_checked: boolean;
  blockchain_tx_hash: string | null;
  description: string | null;
  occurred_at: Date;
  cursor_at: string;
}

/** A date-only bound covers its whole UTC day. */
const upperBound = (to: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(to) + 86_400_000) : new Date(Date.parse(to) + 1);

/** Amounts print with 2 places, XRP (and any 6-place currency) with its own. */
const amountText = (amount: string, currency: string) =>
  currency === 'XRP' ? Number(amount).toFixed(6) : Number(amount).toFixed(2);

@Injectable()
export class TransactionsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(userId: string, query: TransactionsQuery): Promise<TransactionPage> {
    const cursor = decodeCursor(query.cursor);
    const where = ['user_id = $1'];
    const params: unknown[] = [userId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.type) add('type = ?', query.type);
    if (query.status) add('status = ?', query.status);
    if (query.from) add('occurred_at >= ?', new Date(query.from));
    if (query.to) add('occurred_at < ?', upperBound(query.to));
    if (cursor) {
      params.push(cursor.at, cursor.id);
      where.push(`(occurred_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(query.limit + 1);
    const rows = (await this.db.query(
      `SELECT id, source, source_id, user_id, type, amount::text, currency, amount_usd::text, status, risk_level,
              risk_score, processor, country, payment_method, property_id, compliance_checked, blockchain_tx_hash,
              description, occurred_at, ${cursorTimeSql('occurred_at')} AS cursor_at
         FROM analytics.transactions WHERE ${where.join(' AND ')}
        ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}`,
      params,
    )) as Row[];
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      transactions: page.map(viewOf),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }
}

function viewOf(row: Row): TransactionView {
  const sourceId = row.source === 'crypto' ? row.source_id.replace(/^(charge|escrow):/, '') : row.source_id;
  return {
    id: row.id,
    transactionId: sourceId,
    userId: row.user_id,
    type: row.type,
    amount: amountText(row.amount, row.currency),
    currency: row.currency,
    amountUsd: row.amount_usd,
    status: row.status,
    riskLevel: row.risk_level,
    riskScore: row.risk_score,
    processor: row.processor,
    country: row.country,
    complianceChecked: row.compliance_checked,
    blockchainTxHash: row.blockchain_tx_hash,
    metadata: {
      provider: row.processor,
      source: row.source,
      paymentMethod: row.payment_method,
      propertyId: row.property_id,
      bankTransfer: row.payment_method === 'bank_transfer',
      description: row.description,
    },
    createdAt: new Date(row.occurred_at).toISOString(),
  };
}
