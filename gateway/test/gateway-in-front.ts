import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { linkIn, startApp, validRegistration, waitForMail } from '../../test-support';
import { gatewayConfigSchema, type GatewayConfig } from '../src/config';
import { buildGateway } from '../src/server';

export interface StartedGateway {
  /** The gateway's base URL. */
  url: string;
  config: GatewayConfig;
  close: () => Promise<void>;
}

/** A real gateway on a free port, configured from the environment with `env` over it (e.g. TOKENIZATION_URL). */
export async function startGateway(env: Record<string, string> = {}): Promise<StartedGateway> {
  const config = parseConfig(gatewayConfigSchema, { ...process.env, ...env });
  const redis = new Redis(redisOptions(config.REDIS_URL));
  const gateway: FastifyInstance = await buildGateway({ config, redis });
  const url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    config,
    close: async () => {
      await gateway.close();
      await redis.quit();
    },
  };
}

export interface GatewayInFront extends StartedGateway {
  /** The service's Nest app behind the gateway. */
  service: INestApplication;
}

/** Starts a service's Nest app and a real gateway routing `urlVariable` (e.g. AFFILIATE_URL) to it. */
export async function startGatewayInFront(appModule: unknown, urlVariable: string): Promise<GatewayInFront> {
  const service = await startApp(appModule);
  const gateway = await startGateway({ [urlVariable]: service.url });
  return {
    ...gateway,
    service: service.app,
    close: async () => {
      await gateway.close();
      await service.app.close();
    },
  };
}

/**
 * A registered user whose e-mail is verified, set up at identity directly (past the gateway's
 * hourly register limit); identity's mail worker must be running to send the link.
 */
export async function verifiedAccount(identityUrl: string): Promise<{ email: string; password: string }> {
  const body = validRegistration();
  const registered = await fetch(`${identityUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  const mail = await waitForMail(body.email, 'Verify your email');
  const verify = await fetch(`${identityUrl}/api/auth/verify-email${new URL(linkIn(mail, '/verify-email')).search}`);
  if (verify.status !== 200) throw new Error(`verification answered ${verify.status}`);
  return { email: body.email, password: body.password };
}
