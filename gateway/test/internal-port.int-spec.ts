import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { rawRequest } from '../../test-support';
import { gatewayConfigSchema } from '../src/config';
import { buildInternalServer, gatewayMetrics } from '../src/internal-server';
import { buildGateway } from '../src/server';

// The gateway's public port is the internet's: it must not show its metrics (Node version, heap,
// per-route counts) nor the error text of a dependency. Both are on the internal port, which
// main.ts opens on METRICS_PORT and which nothing routes to from outside.

/** A public gateway and its internal port over `redis`, as main.ts starts them. */
async function start(redis: Redis) {
  const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app shell</title>');
  const config = parseConfig(gatewayConfigSchema, { ...process.env, WEB_DIST: web });
  const metrics = gatewayMetrics();
  const gateway: FastifyInstance = await buildGateway({ config, redis, metrics });
  const internal = await buildInternalServer({ redis, metrics });
  return {
    url: await gateway.listen({ port: 0, host: '127.0.0.1' }),
    internalUrl: await internal.listen({ port: 0, host: '127.0.0.1' }),
    close: async () => {
      await gateway.close();
      await internal.close();
    },
  };
}

/** No metric, dependency name or error text in what the public port answers. */
const expectNothingInternal = (text: string) => {
  expect(text).not.toMatch(/gateway_request_duration|process_cpu|nodejs_version_info|nodejs_heap/);
  expect(text).not.toMatch(/redis|ECONNREFUSED|max retries/i);
};

describe('gateway: /metrics and readiness on the internal port only', () => {
  it('the public port serves no metrics and no readiness detail; the internal port serves both', async () => {
    const config = parseConfig(gatewayConfigSchema, process.env);
    const redis = new Redis(redisOptions(config.REDIS_URL));
    const gateway = await start(redis);
    try {
      expect((await rawRequest(`${gateway.url}/health/live`, 'GET')).body).toEqual({ status: 'ok' });
      for (const path of ['/metrics', '/health/ready']) {
        const reply = await rawRequest(`${gateway.url}${path}`, 'GET');
        expect(reply.headers['content-type']).not.toMatch(/^text\/plain/);
        expectNothingInternal(reply.text);
      }

      const metrics = await rawRequest(`${gateway.internalUrl}/metrics`, 'GET');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^nodejs_version_info\{/m);
      expect(metrics.text).toMatch(
        /^gateway_request_duration_seconds_count\{route="\/health\/live",status="200"\} 1$/m,
      );
      const ready = await rawRequest(`${gateway.internalUrl}/health/ready`, 'GET');
      expect(ready).toMatchObject({ status: 200, body: { status: 'ok', info: { redis: { status: 'up' } } } });
    } finally {
      await gateway.close();
      await redis.quit();
    }
  });

  it('Redis away: the public port says nothing of it; the internal readiness names it', async () => {
    const redis = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    const gateway = await start(redis);
    try {
      expect((await rawRequest(`${gateway.url}/health/live`, 'GET')).body).toEqual({ status: 'ok' });
      expectNothingInternal((await rawRequest(`${gateway.url}/health/ready`, 'GET')).text);

      const ready = await rawRequest(`${gateway.internalUrl}/health/ready`, 'GET');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'error', error: { redis: { status: 'down' } } });
      expect((ready.body as { error: { redis: { message: string } } }).error.redis.message).toMatch(/\w/);
    } finally {
      await gateway.close();
      redis.disconnect();
    }
  });
});
