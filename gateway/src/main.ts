import { startTelemetry } from '@app/platform/telemetry';
startTelemetry('gateway');

import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { gatewayConfigSchema } from './config';
import { buildGateway } from './server';

async function main(): Promise<void> {
  const config = parseConfig(gatewayConfigSchema);
  const redis = new Redis({ ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: 2 });
  const app = await buildGateway({
    config,
    redis,
    logger: {
      level: config.LOG_LEVEL,
      name: 'gateway',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });
  const close = async () => {
    await app.close();
    await redis.quit();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
