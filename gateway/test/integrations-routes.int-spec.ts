import { randomUUID } from 'node:crypto';
import { signWebhook } from '@app/platform';
import { accessCookie, query, rawRequest } from '../../test-support';
import type * as IntegrationsApp from '../../services/integrations/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/integrations routes: guarded by session and verified e-mail at the gateway, `:id`
// paths routed (and 405 for another method), webhooks open and forwarded byte for byte.

describe('gateway: integrations routes', () => {
  let gateway: GatewayInFront;
  let url: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof IntegrationsApp>('../../services/integrations/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'INTEGRATIONS_URL');
    ({ url } = gateway);
  });

  afterAll(() => gateway?.close());

  const cookieOf = (emailVerified: boolean, id = randomUUID()) =>
    accessCookie({ id, email: 'merchant@example.test', emailVerified, role: 'user' });
  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for every integrations API route', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['GET', '/api/integrations/payment-processors'],
      ['POST', '/api/integrations/payment-processors'],
      ['PUT', `/api/integrations/payment-processors/${id}`],
      ['GET', '/api/integrations/pos-systems'],
      ['POST', '/api/integrations/pos-systems'],
      ['GET', '/api/integrations/analytics'],
    ];
    for (const [method, path] of routes) {
      expect([method, path, (await send(method, path)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, cookieOf(false))).status]).toEqual([method, path, 403]);
    }
    const verified = cookieOf(true);
    expect((await send('GET', '/api/integrations/analytics', verified)).body).toMatchObject({ activeIntegrations: 0 });
    const toggle = await send('PUT', `/api/integrations/payment-processors/${id}`, verified, { isActive: false });
    expect([toggle.status, toggle.body]).toEqual([404, { error: 'NOT_FOUND', message: 'Payment processor not found' }]);
  });

  it('knows `:id` routes: another method is a 405, a longer path a 404', async () => {
    const id = randomUUID();
    expect((await send('DELETE', `/api/integrations/payment-processors/${id}`)).status).toBe(405);
    expect((await send('GET', `/api/integrations/webhooks/${id}`)).status).toBe(405);
    expect((await send('PUT', `/api/integrations/payment-processors/${id}/extra`)).status).toBe(404);
    expect((await send('PUT', '/api/integrations/pos-systems/x')).status).toBe(404);
  });

  it('forwards signed deliveries without a session, bytes unchanged', async () => {
    const cookie = cookieOf(true);
    const created = await send('POST', '/api/integrations/payment-processors', cookie, {
      processorType: 'shopify',
      apiKey: 'shpat_0123456789',
    });
    expect(created.status).toBe(201);
    const { ingestUrl, signingSecret, id } = created.body as Record<string, string>;
    const payload = `{ "externalTransactionId": "gw-${randomUUID()}",\n "amount": "19.99", "currency": "NZD",\t"status": "completed", "occurredAt": "${new Date().toISOString()}", "customer": {"name": "Māori café ✓"} }`;
    const deliver = (signature: string) =>
      rawRequest(`${url}${ingestUrl}`, 'POST', {
        headers: { 'content-type': 'application/json', 'x-platform-signature': signature },
        body: payload,
      });
    const reply = await deliver(signWebhook(signingSecret!, payload));
    expect([reply.status, (reply.body as { outcome: string }).outcome]).toEqual([200, 'recorded']);
    expect((await deliver('t=1,v1=00')).status).toBe(400);
    expect(
      await query('SELECT customer_data FROM integrations.integrated_transactions WHERE integration_id = $1', [id]),
    ).toEqual([{ customer_data: { name: 'Māori café ✓' } }]);
  });
});
