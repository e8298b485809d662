import { randomUUID } from 'node:crypto';
import { deadLetterListSchema } from '@app/contracts';
import { accessCookie, query, rawRequest, uniqueEmail } from '../../test-support';
import type * as AnalyticsApp from '../../services/analytics/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The analytics routes: every read needs a session and a verified e-mail at the gateway; page views
// are accepted without one and tied to the user when a session comes along.

describe('gateway: analytics routes', () => {
  let gateway: GatewayInFront;
  let url: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AnalyticsApp>('../../services/analytics/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'ANALYTICS_URL');
    ({ url } = gateway);
  });

  afterAll(() => gateway?.close());

  const cookieOf = (emailVerified: boolean, id = randomUUID()) =>
    accessCookie({ id, email: uniqueEmail('gw-analytics'), emailVerified, role: 'user' });
  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for every read', async () => {
    const paths = [
      '/api/dashboard/stats',
      '/api/transactions',
      '/api/blockchain/status',
      '/api/compliance/records',
      '/api/analytics/business-metrics?period=daily',
      '/api/analytics/cash-flow?period=monthly',
      '/api/analytics/customer-segmentation',
      '/api/analytics/risk',
      '/api/analytics/competitive?timeframe=12m',
      '/api/analytics/transaction-volume?range=7d',
      '/api/analytics/transaction-summary?range=30d',
    ];
    for (const path of paths) {
      expect([path, (await send('GET', path)).status]).toEqual([path, 401]);
      expect([path, (await send('GET', path, cookieOf(false))).status]).toEqual([path, 403]);
    }
    const stats = await send('GET', '/api/dashboard/stats', cookieOf(true));
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ tokenizedProperties: 0 });
    expect((await send('POST', '/api/dashboard/stats', cookieOf(true))).status).toBe(405);
  });

  it('takes page views without a session, and with one records whose they are', async () => {
    const path = `/pricing?probe=${randomUUID()}`;
    const anonymous = await send('POST', '/api/analytics/events', undefined, { name: 'page_view', path });
    expect(anonymous.status).toBe(202);
    const userId = randomUUID();
    const signedIn = await send('POST', '/api/analytics/events', cookieOf(true, userId), { name: 'page_view', path });
    expect(signedIn.status).toBe(202);
    const rows = await query<{ user_id: string | null }>(
      'SELECT user_id FROM analytics.page_events WHERE id = ANY($1::uuid[]) ORDER BY user_id NULLS FIRST',
      [[(anonymous.body as { id: string }).id, (signedIn.body as { id: string }).id]],
    );
    expect(rows).toEqual([{ user_id: null }, { user_id: userId }]);
    const invalid = await send('POST', '/api/analytics/events', undefined, { name: '', path });
    expect(invalid.status).toBe(400);
  });

  it("serves analytics' dead letters to ops only: signed in at the gateway, the admin role at the service", async () => {
    const admin = accessCookie({ id: randomUUID(), email: uniqueEmail('gw-ops'), emailVerified: true, role: 'admin' });
    const path = '/api/admin/analytics/dead-letters';
    expect((await send('GET', path)).status).toBe(401);
    expect((await send('GET', path, cookieOf(true))).status).toBe(403);
    const listed = await send('GET', `${path}?status=all&limit=5`, admin);
    expect(listed.status).toBe(200);
    expect(deadLetterListSchema.parse(listed.body).deadLetters.length).toBeLessThanOrEqual(5);
    expect((await send('GET', `${path}?limit=0`, admin)).status).toBe(400);
    expect((await send('POST', `${path}/${randomUUID()}/replay`, admin)).status).toBe(404);
    expect((await send('POST', `${path}/not-an-id/replay`, admin)).status).toBe(404);
    expect((await send('GET', '/api/admin/identity/dead-letters', admin)).status).toBe(404);
  });
});
