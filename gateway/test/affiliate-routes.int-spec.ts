import { randomUUID } from 'node:crypto';
import { accessCookie, rawRequest, uniqueEmail } from '../../test-support';
import type * as AffiliateApp from '../../services/affiliate/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/affiliate routes: session and verified e-mail at the gateway, the admin role at the service.

describe('gateway: affiliate routes', () => {
  let gateway: GatewayInFront;
  let url: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AffiliateApp>('../../services/affiliate/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'AFFILIATE_URL');
    ({ url } = gateway);
  });

  afterAll(() => gateway?.close());

  const cookieOf = (emailVerified: boolean, role = 'user') =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('gw-affiliate'), emailVerified, role });
  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for every affiliate route, and the admin role for ops routes', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['GET', '/api/affiliate/profile'],
      ['GET', '/api/affiliate/referrals'],
      ['GET', '/api/affiliate/payouts'],
      ['GET', '/api/affiliate/stats'],
      ['POST', '/api/affiliate/register'],
      ['POST', '/api/affiliate/request-payout'],
      ['POST', '/api/affiliate/create-demo'],
      ['POST', '/api/affiliate/generate-marketing-assets'],
      ['POST', '/api/affiliate/generate-custom-content'],
      ['POST', '/api/affiliate/generate-value-proposition'],
      ['GET', '/api/affiliate/admin/applications'],
      ['POST', `/api/affiliate/admin/applications/${id}/status`],
      ['GET', '/api/affiliate/admin/payouts'],
      ['POST', `/api/affiliate/admin/payouts/${id}/status`],
    ];
    for (const [method, path] of routes) {
      expect([method, path, (await send(method, path)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, cookieOf(false))).status]).toEqual([method, path, 403]);
    }
    const member = cookieOf(true);
    expect((await send('GET', '/api/affiliate/profile', member)).status).toBe(404);
    expect((await send('GET', '/api/affiliate/admin/applications', member)).status).toBe(403);
    expect((await send('GET', '/api/affiliate/admin/payouts', cookieOf(true, 'admin'))).status).toBe(200);
    expect((await send('DELETE', '/api/affiliate/profile', member)).status).toBe(405);
  });
});
