import { Injectable } from '@nestjs/common';
import { LessThanOrEqual, type EntityManager } from 'typeorm';
import { Subscription } from '../subscriptions/subscription.entity';
import { CryptoPayment } from './crypto-payment.entity';

export type NewCryptoPayment = Pick<
  CryptoPayment,
  'chargeId' | 'userId' | 'planId' | 'billingCycle' | 'amount' | 'status'
>;

/** Crypto-paid subscriptions and their charges (billing schema). */
@Injectable()
export class CryptoSubscriptionsRepository {
  /** The charge's row, locked for the rest of the transaction (redeliveries of it wait here). */
  paymentOf(manager: EntityManager, chargeId: string): Promise<CryptoPayment | null> {
    return manager.findOne(CryptoPayment, { where: { chargeId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Stores the charge unless it is already stored; returns the stored row, locked. */
  async insertPayment(manager: EntityManager, payment: NewCryptoPayment): Promise<CryptoPayment> {
    await manager.createQueryBuilder().insert().into(CryptoPayment).values(payment).orIgnore().execute();
    return (await this.paymentOf(manager, payment.chargeId))!;
  }

  savePayment(manager: EntityManager, payment: CryptoPayment): Promise<CryptoPayment> {
    return manager.save(payment);
  }

  /** The user's newest crypto-paid subscription, locked (two charges paid at once extend it in turn). */
  newestCrypto(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, {
      where: { userId, paymentMethod: 'crypto' },
      order: { createdAt: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  createSubscription(manager: EntityManager, subscription: Partial<Subscription>): Promise<Subscription> {
    return manager.save(manager.create(Subscription, subscription));
  }

  saveSubscription(manager: EntityManager, subscription: Subscription): Promise<Subscription> {
    return manager.save(subscription);
  }

  /** Active crypto subscriptions whose paid period has ended by `now`. */
  lapsed(manager: EntityManager, now: Date, limit = 500): Promise<Subscription[]> {
    return manager.find(Subscription, {
      where: { paymentMethod: 'crypto', status: 'active', currentPeriodEnd: LessThanOrEqual(now) },
      order: { currentPeriodEnd: 'ASC' },
      take: limit,
      lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
    });
  }

  /**
   * Active crypto subscriptions, not cancelled, whose period ends after `now` and by `remindBy`,
   * and whose reminder for that period end has not gone out; locked, skipping rows another
   * worker holds.
   */
  dueForReminder(manager: EntityManager, now: Date, remindBy: Date, limit = 500): Promise<Subscription[]> {
    return manager
      .createQueryBuilder(Subscription, 's')
      .where(`s.payment_method = 'crypto' AND s.status = 'active' AND NOT s.cancel_at_period_end`)
      .andWhere('s.payer_email IS NOT NULL')
      .andWhere('s.current_period_end > :now AND s.current_period_end <= :remindBy', { now, remindBy })
      .andWhere('(s.renewal_reminder_for IS NULL OR s.renewal_reminder_for <> s.current_period_end)')
      .orderBy('s.current_period_end', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }
}
