import type { INestApplicationContext } from '@nestjs/common';
import { Queue as QueueName, type MailJob } from '@app/contracts';
import { MailService, redisOptions } from '@app/platform';
import { Queue } from 'bullmq';
import { rawRequest, startInternalPort, startWorker, uniqueEmail, waitFor, waitForMail } from '../../../test-support';
import { WorkerModule } from '../src/worker.module';

// The mail worker sends every service's mail (the shared `mail` queue) with nothing but Redis and
// an SMTP server: no Postgres, no Kafka, no identity. SMTP_URL is the local sink waitForMail reads.

describe('mail worker: sends the shared mail queue on Redis alone', () => {
  let worker: INestApplicationContext;
  let internal: string;
  let queue: Queue<MailJob>;
  let mail: MailService;

  beforeAll(async () => {
    worker = await startWorker(WorkerModule);
    internal = await startInternalPort(worker);
    // What any service's MailService does: a job on the shared queue, under the stack's prefix.
    queue = new Queue<MailJob>(QueueName.Mail, {
      connection: redisOptions(process.env.REDIS_URL!),
      prefix: process.env.QUEUE_PREFIX,
    });
    mail = new MailService(queue);
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.close();
  });

  it('is ready when Redis answers, and checks nothing else', async () => {
    const ready = await rawRequest(`${internal}/health/ready`, 'GET');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', details: { redis: { status: 'up' } } });
    expect(Object.keys((ready.body as { details: object }).details)).toEqual(['redis']);
  });

  it('delivers a queued mail to the SMTP server from MAIL_FROM, and keeps no body once sent', async () => {
    const to = uniqueEmail('mail-worker');
    const link = `https://pay.example.test/verify-email?token=mail-worker-${Date.now()}`;
    const subject = `Mail worker check ${Date.now()}`;
    const jobId = `mail-worker-check-${Date.now()}`;
    expect(
      await mail.send(jobId, { to, subject, text: `Confirm: ${link}`, html: `<a href="${link}">Confirm</a>` }),
    ).toBe(true);

    const sent = await waitForMail(to, subject);
    expect(sent.text).toContain(link);
    // maildev's message has the sender too; the worker writes MAIL_FROM (its default here).
    expect((sent as unknown as { from: { address: string }[] }).from[0]!.address).toBe('no-reply@platform.local');

    const job = await waitFor(
      async () => {
        const found = await queue.getJob(jobId);
        return found?.finishedOn ? found : undefined;
      },
      10_000,
      'the finished mail job',
    );
    expect(await job.getState()).toBe('completed');
    expect(JSON.stringify(job.data)).not.toContain(link);
    expect(job.data).toMatchObject({ to, subject });
  });
});
