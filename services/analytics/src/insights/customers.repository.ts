import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface ActiveAndNewCustomers {
  /** Distinct customers with a transaction in the window. */
  active: number;
  /** Customers first seen in the window. */
  new: number;
}

export interface CustomerSpendRow {
  spendUsd: number;
  txCount: number;
  /** Fractional days from `now` back to the customer's last transaction (numeric, as text). */
  daysSinceLast: string;
  recentUsd: number;
  priorUsd: number;
}

/** Reads of the customers the merchant's transactions identify (analytics.customers and customer_ref). */
@Injectable()
export class CustomersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Active and new customers of the window [from, before). */
  async activeAndNewBetween(userId: string, from: Date, before: Date): Promise<ActiveAndNewCustomers> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*)::int FROM (SELECT DISTINCT customer_ref FROM analytics.transactions
                WHERE user_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND customer_ref IS NOT NULL) c) AS active,
              (SELECT count(*)::int FROM analytics.customers
                WHERE user_id = $1 AND first_seen >= $2 AND first_seen < $3) AS new`,
      [userId, from, before],
    )) as ActiveAndNewCustomers[];
    return row;
  }

  /**
   * Customers with completed spend, highest first, with their completed spend since `recentFrom`
   * (recent) and in [since, recentFrom) (prior).
   */
  customersBySpend(userId: string, now: Date, recentFrom: Date, since: Date): Promise<CustomerSpendRow[]> {
    return this.db.query(
      `SELECT c.spend_usd::float8 AS "spendUsd", c.tx_count AS "txCount",
              extract(epoch FROM ($2::timestamptz - c.last_seen)) / 86400 AS "daysSinceLast",
              coalesce(r.recent, 0)::float8 AS "recentUsd", coalesce(r.prior, 0)::float8 AS "priorUsd"
         FROM analytics.customers c
         LEFT JOIN (
           SELECT customer_ref,
                  sum(amount_usd) FILTER (WHERE occurred_at >= $3) AS recent,
                  sum(amount_usd) FILTER (WHERE occurred_at < $3) AS prior
             FROM analytics.transactions
            WHERE user_id = $1 AND status = 'completed' AND customer_ref IS NOT NULL AND occurred_at >= $4
            GROUP BY customer_ref) r ON r.customer_ref = c.customer_ref
        WHERE c.user_id = $1 AND c.spend_usd > 0
        ORDER BY c.spend_usd DESC, c.customer_ref`,
      [userId, now, recentFrom, since],
    );
  }
}
