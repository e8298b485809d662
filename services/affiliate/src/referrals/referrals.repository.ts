import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Commission } from './commission.entity';
import { Referral } from './referral.entity';

export interface ReferralCounts {
  totalReferrals: number;
  convertedReferrals: number;
}

@Injectable()
export class ReferralsRepository {
  /** Records the referral unless the user was already referred; true when this call recorded it. */
  async insertIfAbsent(
    manager: EntityManager,
    referral: Pick<Referral, 'id' | 'affiliateId' | 'referredUserId' | 'createdAt'>,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO affiliate.referrals (id, affiliate_id, referred_user_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (referred_user_id) DO NOTHING RETURNING id`,
      [referral.id, referral.affiliateId, referral.referredUserId, referral.createdAt],
    )) as { id: string }[];
    return rows.length > 0;
  }

  /**
   * Serialises the events of one user (their registration, invoices and refunds arrive on
   * different topics, possibly in parallel) until the transaction ends, so an invoice is either
   * parked before the registration looks for parked events or sees the referral it recorded.
   */
  async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`affiliate.user:${userId}`]);
  }

  /** Remembers that the user registered (referred or not); the first registration time stays. */
  async markKnown(manager: EntityManager, userId: string, registeredAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO affiliate.known_users (user_id, registered_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, registeredAt],
    );
  }

  async isKnown(manager: EntityManager, userId: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM affiliate.known_users WHERE user_id = $1`, [userId])) as unknown[];
    return rows.length > 0;
  }

  ofAffiliate(manager: EntityManager, affiliateId: string): Promise<Referral[]> {
    return manager.find(Referral, { where: { affiliateId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 1000 });
  }

  async countsOf(manager: EntityManager, affiliateId: string): Promise<ReferralCounts> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS "totalReferrals",
              count(*) FILTER (WHERE status = 'converted')::int AS "convertedReferrals"
         FROM affiliate.referrals WHERE affiliate_id = $1`,
      [affiliateId],
    )) as ReferralCounts[];
    return row ?? { totalReferrals: 0, convertedReferrals: 0 };
  }

  /** The referral of a user, locked, so two invoices of the same user apply one after the other. */
  lockByReferredUser(manager: EntityManager, referredUserId: string): Promise<Referral | null> {
    return manager
      .createQueryBuilder(Referral, 'referral')
      .setLock('pessimistic_write')
      .where('referral.referred_user_id = :referredUserId', { referredUserId })
      .getOne();
  }

  /** Adds to the referral's commission (negative takes away) and marks it converted on the first one. */
  async addCommission(manager: EntityManager, id: string, cents: number, convertedAt?: Date): Promise<void> {
    await manager.query(
      `UPDATE affiliate.referrals
          SET commission_amount = commission_amount + $2::numeric / 100,
              status = CASE WHEN $3::timestamptz IS NULL THEN status ELSE 'converted' END,
              converted_at = COALESCE(converted_at, $3::timestamptz)
        WHERE id = $1`,
      [id, cents, convertedAt ?? null],
    );
  }

  /** Stores the commission of an invoice once; false when that invoice already earned one. */
  async insertCommission(
    manager: EntityManager,
    commission: Omit<Commission, 'createdAt' | 'refundedAmount' | 'disputedAmount'>,
  ) {
    const rows = (await manager.query(
      `INSERT INTO affiliate.commissions
         (id, affiliate_id, referral_id, invoice_id, invoice_amount, currency, tier, rate, amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (invoice_id) DO NOTHING RETURNING id`,
      [
        commission.id,
        commission.affiliateId,
        commission.referralId,
        commission.invoiceId,
        commission.invoiceAmount,
        commission.currency,
        commission.tier,
        commission.rate,
        commission.amount,
      ],
    )) as { id: string }[];
    return rows.length > 0;
  }

  lockCommissionByInvoice(manager: EntityManager, invoiceId: string): Promise<Commission | null> {
    return manager
      .createQueryBuilder(Commission, 'commission')
      .setLock('pessimistic_write')
      .where('commission.invoice_id = :invoiceId', { invoiceId })
      .getOne();
  }

  /** Stores what refunds and open disputes take back of the commission. */
  async setClawbacks(
    manager: EntityManager,
    id: string,
    clawbacks: Pick<Commission, 'refundedAmount' | 'disputedAmount'>,
  ): Promise<void> {
    await manager.update(Commission, { id }, clawbacks);
  }
}
