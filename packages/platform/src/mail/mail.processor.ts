import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type MailJob } from '@app/contracts';
import type { Job } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';
import { APP_CONFIG } from '../config/config';

/**
 * The settings of the worker that sends the platform's mail (services/mail:
 * `redisOnlyConfigSchema.extend({ ...mailConfigShape })`), read by MailProcessor.
 */
export const mailConfigShape = {
  SMTP_URL: z.url().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Payments Platform <no-reply@platform.local>'),
};
export type MailConfig = z.output<z.ZodObject<typeof mailConfigShape>>;

/**
 * What a mail job keeps once it is done: BullMQ holds finished jobs (for ops) with their data, and
 * a body may carry a one-time link, so only the addressee and subject stay.
 */
const REDACTED = '[body removed after the mail was';

export const redactedMail = (mail: MailJob, outcome: 'sent' | 'failed'): MailJob => ({
  to: mail.to,
  subject: mail.subject,
  text: `${REDACTED} ${outcome}]`,
  html: '',
});

const isRedacted = (mail: MailJob): boolean => mail.html === '' && mail.text.startsWith(REDACTED);

/**
 * Sends the shared `mail` queue's jobs (every service's, queued by MailService) over SMTP; BullMQ
 * retries with backoff when the server is away. Part of the platform, so it depends on no
 * service: the mail worker (services/mail) runs it through MailWorkerModule.
 */
@Processor(Queue.Mail)
export class MailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: MailConfig) {
    super();
    this.transport = createTransport(config.SMTP_URL);
  }

  async process(job: Job<MailJob>): Promise<void> {
    // Sent, then the worker stopped before BullMQ recorded it: sending the stub would be worse.
    if (isRedacted(job.data)) return;
    const { to, subject, text, html } = job.data;
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to, subject, text, html });
    } catch (error) {
      // The last attempt: the job stays among the failed ones, without the link it carried.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.redact(job, 'failed');
      throw error;
    }
    await this.redact(job, 'sent');
    this.logger.log(`mail ${job.id} sent`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  private async redact(job: Job<MailJob>, outcome: 'sent' | 'failed'): Promise<void> {
    await job.updateData(redactedMail(job.data, outcome)).catch((error: Error) => {
      this.logger.error(`mail ${job.id} not redacted: ${error.message}`);
    });
  }
}
