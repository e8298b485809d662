import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RiskLevel, TransactionStatus, TransactionType } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { cursorTimeSql, type Cursor } from './cursor';

export interface TransactionRow {
  id: string;
  source: string;
  source_id: string;
  user_id: string;
  type: TransactionType;
  amount: string;
  currency: string;
  amount_usd: string | null;
  status: TransactionStatus;
  risk_level: RiskLevel;
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

export interface TransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
  /** occurred_at >= from */
  from?: Date;
  /** occurred_at < before */
  before?: Date;
}

/** Reads of the transactions read model over the pool (the writes are ReadModelRepository's, in the event's transaction). */
@Injectable()
export class TransactionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Up to `limit` of the user's transactions matching the filters and older than the cursor, newest first. */
  page(userId: string, filters: TransactionFilters, cursor: Cursor | null, limit: number): Promise<TransactionRow[]> {
    const where = ['user_id = $1'];
    const params: unknown[] = [userId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filters.type) add('type = ?', filters.type);
    if (filters.status) add('status = ?', filters.status);
    if (filters.from) add('occurred_at >= ?', filters.from);
    if (filters.before) add('occurred_at < ?', filters.before);
    if (cursor) {
      params.push(cursor.at, cursor.id);
      where.push(`(occurred_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    return this.db.query(
      `SELECT id, source, source_id, user_id, type, amount::text, currency, amount_usd::text, status, risk_level,
              risk_score, processor, country, payment_method, property_id, compliance_checked, blockchain_tx_hash,
              description, occurred_at, ${cursorTimeSql('occurred_at')} AS cursor_at
         FROM analytics.transactions WHERE ${where.join(' AND ')}
        ORDER BY occurred_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
  }
}
