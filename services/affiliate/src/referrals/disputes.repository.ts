import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Dispute } from './dispute.entity';

@Injectable()
export class DisputesRepository {
  /**
   * Records what billing reported of a dispute: a new dispute is stored with the status given; a
   * stored one only moves from open to won (won is final, and an open one reported again is
   * nothing new). True when this call changed something.
   */
  async record(
    manager: EntityManager,
    dispute: Pick<Dispute, 'disputeId' | 'invoiceId' | 'userId' | 'amount' | 'status'>,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO affiliate.disputes (dispute_id, invoice_id, user_id, amount, status)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (dispute_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
         WHERE affiliate.disputes.status = 'open' AND EXCLUDED.status = 'won'
       RETURNING dispute_id`,
      [dispute.disputeId, dispute.invoiceId, dispute.userId, dispute.amount, dispute.status],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The total of the invoice's open disputes, in dollars (a decimal string). */
  async openAmountOf(manager: EntityManager, invoiceId: string): Promise<string> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM affiliate.disputes WHERE invoice_id = $1 AND status = 'open'`,
      [invoiceId],
    )) as { total: string }[];
    return row?.total ?? '0';
  }
}
