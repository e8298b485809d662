import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type MailJob } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { Job } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import type { IdentityConfig } from '../config';

/** Sends queued mail over SMTP; BullMQ retries with backoff when the server is away. */
@Processor(Queue.Mail)
export class MailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: IdentityConfig) {
    super();
    this.transport = createTransport(config.SMTP_URL);
  }

  async process(job: Job<MailJob>): Promise<void> {
    const { to, subject, text, html } = job.data;
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to, subject, text, html });
    this.logger.log(`mail ${job.id} sent`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
