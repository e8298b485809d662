import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { redisOptions } from '@app/platform';
import { Queue } from 'bullmq';
import { linkIn, startApp, startMailWorker, validRegistration, waitFor, waitForMail } from '../../../test-support';
import { AppModule } from '../src/app.module';

describe('identity: mail jobs keep no link once sent', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let queue: Queue;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
    queue = new Queue(QueueName.Mail, {
      connection: redisOptions(process.env.REDIS_URL!),
      prefix: process.env.QUEUE_PREFIX,
    });
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.close();
    await app?.close();
  });

  it('the verification mail carries the link; the finished job in Redis does not', async () => {
    const body = validRegistration();
    await fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const mail = await waitForMail(body.email, 'Verify your email');
    const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token')!;

    const job = await waitFor(
      async () => (await queue.getJobs(['completed'])).find((candidate) => candidate.data.to === body.email),
      10_000,
      'the completed mail job',
    );
    expect(job.data.subject).toBe('Verify your email address');
    const kept = JSON.stringify({ id: job.id, data: job.data });
    expect(kept).not.toContain(token);
    expect(kept).not.toContain(token.slice(0, 16));
    expect(kept).not.toContain('/verify-email?token=');
  });
});
