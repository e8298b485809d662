import { Injectable } from '@nestjs/common';
import type { AffiliateStatus } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { Affiliate } from './affiliate.entity';

/** The start of the calendar month (UTC) that `at` falls in: tiers count referrals per month. */
export const monthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

@Injectable()
export class AffiliatesRepository {
  insert(manager: EntityManager, affiliate: Partial<Affiliate>): Promise<Affiliate> {
    return manager.save(manager.create(Affiliate, affiliate));
  }

  byUserId(manager: EntityManager, userId: string): Promise<Affiliate | null> {
    return manager.findOneBy(Affiliate, { userId });
  }

  byId(manager: EntityManager, id: string): Promise<Affiliate | null> {
    return manager.findOneBy(Affiliate, { id });
  }

  /** The profile with its row locked until the transaction ends: balance changes queue on it. */
  lockByUserId(manager: EntityManager, userId: string): Promise<Affiliate | null> {
    return manager
      .createQueryBuilder(Affiliate, 'affiliate')
      .setLock('pessimistic_write')
      .where('affiliate.user_id = :userId', { userId })
      .getOne();
  }

  lockById(manager: EntityManager, id: string): Promise<Affiliate | null> {
    return manager
      .createQueryBuilder(Affiliate, 'affiliate')
      .setLock('pessimistic_write')
      .where('affiliate.id = :id', { id })
      .getOne();
  }

  byReferralCode(manager: EntityManager, referralCode: string): Promise<Affiliate | null> {
    return manager.findOneBy(Affiliate, { referralCode });
  }

  list(manager: EntityManager, status?: AffiliateStatus): Promise<Affiliate[]> {
    return manager.find(Affiliate, {
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      take: 500,
    });
  }

  async setStatus(manager: EntityManager, id: string, status: AffiliateStatus): Promise<Affiliate | null> {
    const result = await manager.update(Affiliate, { id }, { status, reviewedAt: new Date() });
    return result.affected ? this.byId(manager, id) : null;
  }

  /** Adds to the balance and total earnings (negative amounts take away), in cents. */
  async adjust(manager: EntityManager, id: string, balanceCents: number, earningsCents: number): Promise<void> {
    await manager.query(
      `UPDATE affiliate.affiliates
          SET current_balance = current_balance + $2::numeric / 100,
              total_earnings = total_earnings + $3::numeric / 100
        WHERE id = $1`,
      [id, balanceCents, earningsCents],
    );
  }

  /** Referrals recorded for the affiliate in the calendar month (UTC) of `at`: decides the tier. */
  async referralsInMonth(manager: EntityManager, affiliateId: string, at: Date): Promise<number> {
    return (await this.referralsInMonthOf(manager, [affiliateId], at)).get(affiliateId) ?? 0;
  }

  /**
   * Referrals of the calendar month (UTC) of `at` dated at or before `at`: the tier an invoice paid
   * at `at` earns, the same however late its event is applied (a parked invoice, a lagging consumer).
   */
  async referralsInMonthUpTo(manager: EntityManager, affiliateId: string, at: Date): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS count FROM affiliate.referrals
        WHERE affiliate_id = $1 AND created_at >= $2 AND created_at <= $3`,
      [affiliateId, monthStart(at), at],
    )) as { count: number }[];
    return row?.count ?? 0;
  }

  /** The same for several affiliates in one query; affiliates without referrals are absent. */
  async referralsInMonthOf(manager: EntityManager, affiliateIds: string[], at: Date): Promise<Map<string, number>> {
    if (affiliateIds.length === 0) return new Map();
    const start = monthStart(at);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const rows = (await manager.query(
      `SELECT affiliate_id AS "affiliateId", count(*)::int AS count FROM affiliate.referrals
        WHERE affiliate_id = ANY($1::uuid[]) AND created_at >= $2 AND created_at < $3
        GROUP BY affiliate_id`,
      [affiliateIds, start, end],
    )) as { affiliateId: string; count: number }[];
    return new Map(rows.map((row) => [row.affiliateId, row.count]));
  }
}
