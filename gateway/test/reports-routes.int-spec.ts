import { randomUUID } from 'node:crypto';
import { deadLetterListSchema, deadLetterPath, reportListSchema, reportMessages, reportSchema } from '@app/contracts';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { accessCookie, rawRequest, roomInMinuteWindow, uniqueEmail } from '../../test-support';
import type * as ReportsApp from '../../services/reports-ai/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/reports routes: session and verified e-mail at the gateway for every call, the owner's
// reports only behind it, and generate and analyze limited per client address (each apart).

const LIMIT = 8;

describe('gateway: reports routes', () => {
  let gateway: GatewayInFront;
  let redis: Redis;
  let url: string;

  const clearLimits = async () => {
    const keys = await redis.keys('ratelimit:/api/reports/*');
    if (keys.length) await redis.del(...keys);
  };

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof ReportsApp>('../../services/reports-ai/src/app.module');
    const saved = process.env.RATE_LIMIT_REPORTS_PER_MINUTE;
    process.env.RATE_LIMIT_REPORTS_PER_MINUTE = String(LIMIT);
    try {
      gateway = await startGatewayInFront(AppModule, 'REPORTS_AI_URL');
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_REPORTS_PER_MINUTE;
      else process.env.RATE_LIMIT_REPORTS_PER_MINUTE = saved;
    }
    ({ url } = gateway);
    redis = new Redis(redisOptions(gateway.config.REDIS_URL));
    await clearLimits();
  });

  afterAll(async () => {
    await redis?.quit();
    await gateway?.close();
  });

  const cookieOf = (emailVerified: boolean, id = randomUUID()) =>
    accessCookie({ id, email: uniqueEmail('gw-reports'), emailVerified, role: 'user' });
  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for every call', async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/reports/generate', { type: 'financial', period: '30d' }],
      ['GET', '/api/reports'],
      ['GET', `/api/reports/${id}`],
      ['GET', `/api/reports/download/${id}?format=csv`],
      ['POST', '/api/reports/analyze', { reportData: { id } }],
    ];
    for (const [method, path, body] of routes) {
      expect([method, path, (await send(method, path, undefined, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, cookieOf(false), body)).status]).toEqual([method, path, 403]);
    }
    expect((await send('DELETE', `/api/reports/${id}`, cookieOf(true))).status).toBe(405);
  });

  it("reaches reports-ai for a verified user, who sees only their own reports (another's id is a 404)", async () => {
    const owner = cookieOf(true);
    const other = cookieOf(true);
    const invalid = await send('POST', '/api/reports/generate', owner, { type: 'financial' });
    expect([invalid.status, (invalid.body as { message: string }).message]).toEqual([400, reportMessages.selectBoth]);

    const generated = await send('POST', '/api/reports/generate', owner, { reportType: 'financial', dateRange: '7d' });
    expect(generated.status).toBe(201);
    const report = reportSchema.parse(generated.body);
    expect([report.type, report.period]).toEqual(['financial', '7d']);
    expect((await send('GET', `/api/reports/${report.id}`, owner)).status).toBe(200);
    const listed = reportListSchema.parse((await send('GET', '/api/reports', owner)).body);
    expect(listed.reports.map((r) => r.id)).toContain(report.id);

    for (const [method, path, body] of [
      ['GET', `/api/reports/${report.id}`],
      ['GET', `/api/reports/download/${report.id}?format=pdf`],
      ['POST', '/api/reports/analyze', { reportData: { id: report.id } }],
    ] as [string, string, unknown?][]) {
      const refused = await send(method, path, other, body);
      expect([path, refused.status, (refused.body as { message: string }).message]).toEqual([
        path,
        404,
        reportMessages.notFound,
      ]);
    }
    expect(reportListSchema.parse((await send('GET', '/api/reports', other)).body).reports).toEqual([]);
  });

  it('limits generate and analyze per client address, each counted apart: 429 with Retry-After', async () => {
    await clearLimits();
    // The windows are fixed minutes: 10 s left in one is ample for these few calls, so a loaded
    // machine cannot spread them over two windows.
    await roomInMinuteWindow(10_000);
    const generate = () => send('POST', '/api/reports/generate', undefined, { type: 'financial', period: '30d' });
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await generate()).status);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    const limited = await generate();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((limited.body as { error: string }).error).toBe('RATE_LIMITED');
    // Reading is not limited, and analyze has its own count.
    expect((await send('GET', '/api/reports')).status).toBe(401);
    expect((await send('POST', '/api/reports/analyze', undefined, { reportData: { id: randomUUID() } })).status).toBe(
      401,
    );
  });

  it("routes reports-ai's dead letters to ops: signed in at the gateway, the admin role at the service", async () => {
    const path = deadLetterPath('reports-ai');
    expect((await send('GET', path)).status).toBe(401);
    expect((await send('GET', path, cookieOf(true))).status).toBe(403);
    const admin = accessCookie({ id: randomUUID(), email: uniqueEmail('gw-ops'), emailVerified: true, role: 'admin' });
    const listed = await send('GET', `${path}?status=all&limit=5`, admin);
    expect(listed.status).toBe(200);
    expect(deadLetterListSchema.parse(listed.body).deadLetters.length).toBeLessThanOrEqual(5);
    expect((await send('POST', `${path}/${randomUUID()}/replay`, admin)).status).toBe(404);
  });
});
