import { Injectable } from '@nestjs/common';
import type { transactionsQuerySchema, TransactionPage, TransactionView } from '@app/contracts';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';
import { TransactionsRepository, type TransactionRow } from './transactions.repository';

export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

/** A date-only bound covers its whole UTC day. */
const upperBound = (to: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(to) + 86_400_000) : new Date(Date.parse(to) + 1);

/** Amounts print with 2 places, XRP (and any 6-place currency) with its own. */
const amountText = (amount: string, currency: string) =>
  currency === 'XRP' ? Number(amount).toFixed(6) : Number(amount).toFixed(2);

@Injectable()
export class TransactionsService {
  constructor(private readonly repository: TransactionsRepository) {}

  async list(userId: string, query: TransactionsQuery): Promise<TransactionPage> {
    const filters = {
      type: query.type,
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      before: query.to ? upperBound(query.to) : undefined,
    };
    // One more than a page tells whether another page follows.
    const rows = await this.repository.page(userId, filters, decodeCursor(query.cursor), query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      transactions: page.map(viewOf),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }
}

function viewOf(row: TransactionRow): TransactionView {
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
