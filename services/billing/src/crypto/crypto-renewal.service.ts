import { Inject, Injectable, Logger } from '@nestjs/common';
import { subscriptionChargeAmount, type MailJob } from '@app/contracts';
import { APP_CONFIG, escapeHtml, MailService, TransactionRunner } from '@app/platform';
import type { BillingConfig } from '../config';
import { findPlan } from '../plans/prices';
import type { Subscription } from '../subscriptions/subscription.entity';
import { CryptoSubscriptionsRepository } from './crypto-subscriptions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RenewalRun {
  lapsed: number;
  reminded: number;
}

/**
 * Crypto payments do not renew by themselves: renewing is paying a new charge at checkout. The
 * billing worker runs this hourly: a plan whose paid period has ended stops (status canceled),
 * and CRYPTO_RENEWAL_REMINDER_DAYS before a period ends the payer is mailed a link to pay the next
 * one, once per period (the period end it went out for is stored with the subscription).
 */
@Injectable()
export class CryptoRenewalService {
  private readonly logger = new Logger(CryptoRenewalService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    private readonly transactions: TransactionRunner,
    private readonly repository: CryptoSubscriptionsRepository,
    private readonly mail: MailService,
  ) {}

  async run(now = new Date()): Promise<RenewalRun> {
    const lapsed = await this.transactions.run(async (manager) => {
      const ended = await this.repository.lapsed(manager, now);
      for (const subscription of ended) {
        subscription.status = 'canceled';
        await this.repository.saveSubscription(manager, subscription);
      }
      return ended.length;
    });
    const remindBy = new Date(now.getTime() + this.config.CRYPTO_RENEWAL_REMINDER_DAYS * DAY_MS);
    const due = await this.transactions.run(async (manager) => {
      const rows = await this.repository.dueForReminder(manager, now, remindBy);
      for (const subscription of rows) {
        subscription.renewalReminderFor = subscription.currentPeriodEnd;
        await this.repository.saveSubscription(manager, subscription);
      }
      return rows;
    });
    let reminded = 0;
    for (const subscription of due) {
      const periodEnd = subscription.currentPeriodEnd!;
      // The job id names the period, so a retried run queues one mail per period.
      const sent = await this.mail.send(
        `crypto-renewal-${subscription.id}-${periodEnd.getTime()}`,
        this.reminderMail(subscription),
      );
      if (sent) reminded += 1;
      else {
        // Not queued: unmarked, so the next run tries again.
        await this.transactions.run(async (manager) => {
          subscription.renewalReminderFor = null;
          await this.repository.saveSubscription(manager, subscription);
        });
      }
    }
    if (lapsed || due.length) this.logger.log(`crypto renewals: ${lapsed} lapsed, ${reminded} reminder(s) queued`);
    return { lapsed, reminded };
  }

  private reminderMail(subscription: Subscription): MailJob {
    const plan = findPlan(subscription.planId)!;
    const ends = subscription.currentPeriodEnd!.toISOString().slice(0, 10);
    const price = subscriptionChargeAmount(subscription.planId, subscription.billingCycle);
    const cycle = subscription.billingCycle === 'annual' ? 'year' : 'month';
    const link = `${this.config.PUBLIC_URL}/payment?plan=${subscription.planId}&cycle=${subscription.billingCycle}`;
    const lines = [
      `Your ${plan.name} plan, paid with crypto, runs until ${ends}.`,
      `Crypto payments do not renew automatically. To keep your plan, pay the next ${cycle} ($${price} USD) with crypto before then:`,
      link,
      'If you do not renew, your plan ends on that date and your account moves to the free Starter plan.',
    ];
    return {
      to: subscription.payerEmail!,
      subject: `Your ${plan.name} plan ends on ${ends}: renew with crypto`,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    };
  }
}
