import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mailConfigShape, MailWorkerModule, PlatformModule, redisOnlyConfigSchema } from '@app/platform';
import { z } from 'zod';

@Module({})
class TestMailWorkerModule {}

/**
 * The mail worker as services/mail deploys it, built from the platform alone (a test imports no
 * service's source): MailWorkerModule on Redis, sending the shared `mail` queue to SMTP_URL (the
 * local sink that waitForMail reads). A test whose service queues mail starts it beside the app.
 */
export async function startMailWorker(): Promise<INestApplicationContext> {
  const platform = PlatformModule.forService({
    config: redisOnlyConfigSchema.extend({ SERVICE_NAME: z.string().default('mail-worker'), ...mailConfigShape }),
    database: false,
    events: false,
    queues: true,
  });
  const app = await NestFactory.createApplicationContext(
    { module: TestMailWorkerModule, imports: [platform, MailWorkerModule] },
    { logger: false },
  );
  await app.init();
  return app;
}
