import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { reportingCurrency, type CustomerSegmentation } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { addDays, utcDay } from './calendar';
import { segmentsOf } from './segmentation';

@Injectable()
export class SegmentationService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Customers the merchant's transactions identify, ranked by completed spend (docs/analytics.md). */
  async segmentation(userId: string, now = new Date()): Promise<CustomerSegmentation> {
    const today = addDays(utcDay(now), 1);
    const rows = (await this.db.query(
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
      [userId, now, addDays(today, -30), addDays(today, -60)],
    )) as { spendUsd: number; txCount: number; daysSinceLast: string; recentUsd: number; priorUsd: number }[];
    const customers = rows.map((row) => ({ ...row, daysSinceLast: Math.max(0, Number(row.daysSinceLast)) }));
    return { totalCustomers: customers.length, segments: segmentsOf(customers), currency: reportingCurrency };
  }
}
