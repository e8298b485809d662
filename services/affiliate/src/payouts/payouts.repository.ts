import { Injectable } from '@nestjs/common';
import type { PayoutStatus } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { Payout } from './payout.entity';

/** A payout with what ops need to pay it. */
export interface PayoutWithAffiliate extends Payout {
  companyName: string;
  referralCode: string;
  contactEmail: string;
}

@Injectable()
export class PayoutsRepository {
  insert(manager: EntityManager, payout: Pick<Payout, 'id' | 'affiliateId' | 'amount'>): Promise<Payout> {
    return manager.save(manager.create(Payout, { ...payout, status: 'requested' }));
  }

  ofAffiliate(manager: EntityManager, affiliateId: string): Promise<Payout[]> {
    return manager.find(Payout, { where: { affiliateId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 1000 });
  }

  requestedOf(manager: EntityManager, affiliateId: string): Promise<Payout | null> {
    return manager.findOneBy(Payout, { affiliateId, status: 'requested' });
  }

  lockById(manager: EntityManager, id: string): Promise<Payout | null> {
    return manager
      .createQueryBuilder(Payout, 'payout')
      .setLock('pessimistic_write')
      .where('payout.id = :id', { id })
      .getOne();
  }

  async setStatus(manager: EntityManager, id: string, status: PayoutStatus): Promise<void> {
    await manager.update(Payout, { id }, { status, processedAt: new Date() });
  }

  async withAffiliates(manager: EntityManager, status?: PayoutStatus, id?: string): Promise<PayoutWithAffiliate[]> {
    return (await manager.query(
      `SELECT p.id, p.affiliate_id AS "affiliateId", p.amount, p.status, p.processed_at AS "processedAt",
              p.created_at AS "createdAt", a.company_name AS "companyName", a.referral_code AS "referralCode",
              a.contact_email AS "contactEmail"
         FROM affiliate.payouts p JOIN affiliate.affiliates a ON a.id = p.affiliate_id
        WHERE ($1::text IS NULL OR p.status = $1) AND ($2::uuid IS NULL OR p.id = $2)
        ORDER BY p.created_at DESC, p.id LIMIT 500`,
      [status ?? null, id ?? null],
    )) as PayoutWithAffiliate[];
  }
}
