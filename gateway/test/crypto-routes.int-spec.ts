import { createHmac, randomUUID } from 'node:crypto';
import { coinbaseSignatureHeader } from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { accessCookie, rawRequest, uniqueEmail } from '../../test-support';
import type * as CryptoApp from '../../services/crypto-escrow/src/app.module';
import { cryptoConfigSchema } from '../../services/crypto-escrow/src/config';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/crypto routes: session and verified e-mail at the gateway for every call a user makes;
// the Coinbase Commerce webhook open, its bytes forwarded unchanged for the signature check.

describe('gateway: crypto routes', () => {
  let gateway: GatewayInFront;
  let url: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof CryptoApp>('../../services/crypto-escrow/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'CRYPTO_ESCROW_URL');
    ({ url } = gateway);
  });

  afterAll(() => gateway?.close());

  const cookieOf = (emailVerified: boolean) =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('gw-crypto'), emailVerified, role: 'user' });
  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for every call a user makes', async () => {
    const address = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
    const routes: [string, string][] = [
      ['POST', '/api/crypto/coinbase/charge'],
      ['GET', `/api/crypto/coinbase/charge/${randomUUID()}`],
      ['POST', '/api/crypto/xrp/wallet/generate'],
      ['POST', '/api/crypto/xrp/condition'],
      ['POST', '/api/crypto/xrp/escrow/create'],
      ['POST', '/api/crypto/xrp/escrow/finish'],
      ['POST', '/api/crypto/xrp/escrow/cancel'],
      ['GET', '/api/crypto/xrp/escrows'],
      ['GET', `/api/crypto/xrp/escrows/${address}`],
      ['GET', `/api/crypto/xrp/account/${address}`],
      ['POST', '/api/crypto/xrp/payment'],
    ];
    for (const [method, path] of routes) {
      expect([method, path, (await send(method, path)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, cookieOf(false))).status]).toEqual([method, path, 403]);
    }
    const invalid = await send('POST', '/api/crypto/xrp/escrow/create', cookieOf(true), {});
    expect(invalid.status).toBe(400);
    expect((await send('DELETE', `/api/crypto/coinbase/charge/${randomUUID()}`)).status).toBe(405);
  });

  it('forwards Coinbase webhooks without a session, bytes unchanged for the signature', async () => {
    const secret = parseConfig(cryptoConfigSchema, { ...process.env }).COINBASE_COMMERCE_WEBHOOK_SECRET;
    const payload = `{ "event": {"type": "ping",\n "data": {"note": "café ✓"}} }`;
    const deliver = (signature: string) =>
      rawRequest(`${url}/api/crypto/coinbase/webhook`, 'POST', {
        headers: { 'content-type': 'application/json', [coinbaseSignatureHeader]: signature },
        body: payload,
      });
    const signed = await deliver(createHmac('sha256', secret).update(payload).digest('hex'));
    expect([signed.status, signed.body]).toEqual([200, { received: true }]);
    expect((await deliver('0'.repeat(64))).status).toBe(400);
  });
});
