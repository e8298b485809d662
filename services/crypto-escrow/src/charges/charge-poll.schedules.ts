import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { Queue } from 'bullmq';
import type { CryptoConfig } from '../config';

export interface ChargePollJob {
  chargeId: string;
}

const schedulerIdOf = (chargeId: string) => `charge-poll:${chargeId}`;

/** One BullMQ job scheduler per open charge: every 10 s (spec 9) until its 30-minute window ends. */
@Injectable()
export class ChargePollSchedules {
  constructor(
    @InjectQueue(QueueName.CryptoChargePoll) private readonly queue: Queue<ChargePollJob>,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
  ) {}

  async start(chargeId: string, pollUntil: Date): Promise<void> {
    await this.queue.upsertJobScheduler(
      schedulerIdOf(chargeId),
      { every: this.config.CHARGE_POLL_INTERVAL_MS, endDate: pollUntil },
      { name: 'poll', data: { chargeId }, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  async stop(chargeId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerIdOf(chargeId));
  }
}
