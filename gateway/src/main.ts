import { startTelemetry } from '@app/platform/telemetry';
startTelemetry('gateway');

import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { gatewayConfigSchema } from './config';
import { buildInternalServer, gatewayMetrics } from './internal-server';
import { gatewayLogger } from './logger';
import { buildGateway } from './server';

async function main(): Promise<void> {
  const config = parseConfig(gatewayConfigSchema);
  const redis = new Redis({ ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: 2 });
  const metrics = gatewayMetrics();
  const app = await buildGateway({
    config,
    redis,
    metrics,
    logger: gatewayLogger(config.LOG_LEVEL),
  });
  // /metrics and /health/ready: the internal port only (METRICS_PORT, 0: none).
  const internal = config.METRICS_PORT ? await buildInternalServer({ redis, metrics }) : undefined;
  const close = async () => {
    await app.close();
    await internal?.close();
    await redis.quit();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  await internal?.listen({ port: config.METRICS_PORT, host: config.HOST });
}

void main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
