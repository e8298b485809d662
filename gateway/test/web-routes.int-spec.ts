import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webRoutePaths } from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Issue 39: every page path answered 200, so a mistyped or retired address looked like a page to
// browsers, crawlers and monitors. The gateway knows the web app's route table (webRoutePaths, which
// the web's own test checks against its router): a routed path gets the app with 200, any other
// page path the same app (its not-found screen) with 404.

describe('gateway: 200 for the web app’s routes, 404 for any other page path', () => {
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app shell</title>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'app-1.js'), 'console.log(1)');
    const config = parseConfig(gatewayConfigSchema, { ...process.env, WEB_DIST: web });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
  });

  it.each([
    '/',
    '/analytics/cash-flow',
    '/settings?tab=business',
    '/legal/terms',
    '/Dashboard/',
    '/affiliate/dashboard',
  ])('%s: the app with 200', async (path) => {
    const page = await fetch(`${url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('app shell');
  });

  it.each(['/no-such-page', '/analytics/cash-flow/extra', '/settingsx', '/legal/cookies?x=1', '/assets/missing.js'])(
    '%s: the app (its not-found screen) with 404',
    async (path) => {
      const page = await fetch(`${url}${path}`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('app shell');
    },
  );

  it('HEAD answers as GET; an asset and an API path are untouched', async () => {
    expect((await fetch(`${url}/dashboard`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${url}/nowhere`, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(`${url}/assets/app-1.js`)).status).toBe(200);
    const api = await fetch(`${url}/api/nowhere`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('knows every route of the table', async () => {
    for (const path of webRoutePaths) expect([path, (await fetch(`${url}${path}`)).status]).toEqual([path, 200]);
  });
});
