import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG, TransactionRunner, STRIPE_CLIENT } from '@app/platform';
import type { Job, Queue } from 'bullmq';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import { CryptoRenewalService, type RenewalRun } from '../crypto/crypto-renewal.service';
import { BillingRepository } from '../subscriptions/billing.repository';
import { SubscriptionSync } from '../subscriptions/subscription-sync';

export const RECONCILE_EVERY_MS = 10 * 60 * 1000;
export const RECONCILE_SCHEDULER_ID = 'reconcile-incomplete-subscriptions';
/** Crypto-paid plans: lapsed periods end and renewal reminders go out (CryptoRenewalService), hourly. */
export const CRYPTO_RENEWAL_EVERY_MS = 60 * 60 * 1000;
export const CRYPTO_RENEWAL_SCHEDULER_ID = 'crypto-renewals';
const CRYPTO_RENEWAL_JOB = 'crypto-renewals';

/**
 * The billing queue's repeatable jobs. `reconcile` heals missed webhooks: every 10 minutes, subscriptions still incomplete locally after a few
 * minutes are read back from Stripe and their local state is set to what Stripe says, unless a
 * webhook moved them on between the read and the write (that webhook is at least as new).
 * `crypto-renewals` (hourly) ends lapsed crypto-paid periods and mails renewal reminders.
 */
@Processor(QueueName.BillingReconcile)
export class ReconcileProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReconcileProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @InjectQueue(QueueName.BillingReconcile) private readonly queue: Queue,
    private readonly repository: BillingRepository,
    private readonly transactions: TransactionRunner,
    private readonly sync: SubscriptionSync,
    private readonly cryptoRenewal: CryptoRenewalService,
  ) {
    super();
  }

  /** One repeatable job per queue, however many workers run (the scheduler id is fixed). */
  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RECONCILE_SCHEDULER_ID,
      { every: RECONCILE_EVERY_MS },
      { name: 'reconcile', opts: { attempts: 1 } },
    );
    await this.queue.upsertJobScheduler(
      CRYPTO_RENEWAL_SCHEDULER_ID,
      { every: CRYPTO_RENEWAL_EVERY_MS },
      { name: CRYPTO_RENEWAL_JOB, opts: { attempts: 1 } },
    );
  }

  async process(job: Job): Promise<{ checked: number; healed: number } | RenewalRun> {
    if (job.name === CRYPTO_RENEWAL_JOB) return this.cryptoRenewal.run();
    return this.reconcile();
  }

  async reconcile(now = new Date()): Promise<{ checked: number; healed: number }> {
    const before = new Date(now.getTime() - this.config.RECONCILE_AFTER_MINUTES * 60_000);
    const stale = await this.transactions.run((manager) => this.repository.staleIncomplete(manager, before));
    let healed = 0;
    for (const local of stale) {
      try {
        const remote = await this.stripe.subscriptions.retrieve(local.stripeSubscriptionId!);
        const saved = await this.transactions.run((manager) => this.sync.healIncomplete(manager, remote));
        if (saved && saved.status !== 'incomplete') healed += 1;
      } catch (error) {
        this.logger.warn(`reconciling ${local.stripeSubscriptionId} failed: ${(error as Error).message}`);
      }
    }
    if (stale.length) this.logger.log(`reconciled ${stale.length} incomplete subscription(s), ${healed} changed`);
    return { checked: stale.length, healed };
  }
}
