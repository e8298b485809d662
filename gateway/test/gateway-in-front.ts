import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { startApp } from '../../test-support';
import { gatewayConfigSchema, type GatewayConfig } from '../src/config';
import { buildGateway } from '../src/server';

export interface GatewayInFront {
  /** The gateway's base URL. */
  url: string;
  config: GatewayConfig;
  close: () => Promise<void>;
}

/** Starts a service's Nest app and a real gateway routing `urlVariable` (e.g. AFFILIATE_URL) to it. */
export async function startGatewayInFront(appModule: unknown, urlVariable: string): Promise<GatewayInFront> {
  const service = await startApp(appModule);
  const config = parseConfig(gatewayConfigSchema, { ...process.env, [urlVariable]: service.url });
  const redis = new Redis(redisOptions(config.REDIS_URL));
  const gateway: FastifyInstance = await buildGateway({ config, redis });
  const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    config,
    close: async () => {
      await gateway.close();
      await redis.quit();
      await service.app.close();
    },
  };
}
