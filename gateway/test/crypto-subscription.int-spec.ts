import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { AuthUser } from '@app/platform/tokens';
import { accessCookie, query, rawRequest, startApp, uniqueEmail, waitFor } from '../../test-support';
import type * as BillingApp from '../../services/billing/src/app.module';
import type * as CryptoApp from '../../services/crypto-escrow/src/app.module';
import { FakeCoinbaseProcess } from '../../services/crypto-escrow/test/fake-coinbase';
import { startGateway, type StartedGateway } from './gateway-in-front';

// Issue 21 across services, as the checkout's crypto tab drives it through the gateway: crypto-escrow
// creates a Coinbase Commerce charge for the plan's price (the fake Commerce API on loopback),
// Commerce's webhook settles it, crypto-escrow publishes ChargeCompleted / ChargeFailed through
// its outbox to Kafka, and billing, consuming it, activates the plan (or leaves it inactive).

const webhookSecret = `whsec-${randomUUID()}`;
const apiKey = `cc-key-${randomUUID()}`;

interface ChargeBody {
  id: string;
  providerChargeId: string;
  hostedUrl: string;
  addresses: Record<string, string>;
  amount: string;
  state: string;
}

describe('gateway: a plan paid with crypto (crypto-escrow → ChargeCompleted → billing)', () => {
  let coinbase: FakeCoinbaseProcess;
  let services: INestApplication[] = [];
  let gateway: StartedGateway;

  beforeAll(async () => {
    coinbase = await FakeCoinbaseProcess.start({ webhookSecret, apiKey });
    // Config is read when a service's module is loaded, so after the fake's port is known.
    Object.assign(process.env, {
      COINBASE_COMMERCE_API_URL: coinbase.url,
      COINBASE_COMMERCE_API_KEY: apiKey,
      COINBASE_COMMERCE_WEBHOOK_SECRET: webhookSecret,
      XRPL_SERVER_URL: 'ws://127.0.0.1:9',
    });
    const crypto = await startApp(
      jest.requireActual<typeof CryptoApp>('../../services/crypto-escrow/src/app.module').AppModule,
    );
    const billing = await startApp(
      jest.requireActual<typeof BillingApp>('../../services/billing/src/app.module').AppModule,
    );
    services = [crypto.app, billing.app];
    gateway = await startGateway({ CRYPTO_ESCROW_URL: crypto.url, BILLING_URL: billing.url });
  });

  afterAll(async () => {
    await gateway?.close();
    for (const service of services) await service.close();
    await coinbase?.stop();
  });

  const userOf = (): AuthUser => ({
    id: randomUUID(),
    email: uniqueEmail('gw-crypto-plan'),
    emailVerified: true,
    role: 'user',
  });
  const send = (user: AuthUser, method: string, path: string, body?: unknown) =>
    rawRequest(`${gateway.url}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const subscriptionOf = async (user: AuthUser) =>
    (await send(user, 'GET', '/api/billing/subscription')).body as Record<string, unknown>;
  /** Commerce settles the charge and posts its signed webhook through the gateway. */
  const settle = async (charge: ChargeBody, status: 'COMPLETED' | 'EXPIRED') => {
    const { webhookStatus } = await coinbase.resolve(charge.providerChargeId, {
      status,
      cryptoCurrency: 'BTC',
      webhookUrl: `${gateway.url}/api/crypto/coinbase/webhook`,
    });
    expect(webhookStatus).toBe(200);
  };
  /** Waits until billing has consumed crypto-escrow's event about the charge. */
  const consumedByBilling = (chargeId: string, type: string) =>
    waitFor(
      async () =>
        (
          await query(
            `SELECT 1 FROM crypto.outbox o JOIN billing.inbox i ON i.event_id = o.id
              WHERE o.key = $1 AND o.type = $2`,
            [chargeId, type],
          )
        ).length > 0 || undefined,
      30_000,
      `billing consuming ${type} of ${chargeId}`,
    );

  it('charges the plan price and activates the plan when the charge completes', async () => {
    const user = userOf();
    const created = await send(user, 'POST', '/api/crypto/coinbase/subscription-charge', {
      planId: 'growth',
      billingCycle: 'annual',
      preferredCurrency: 'BTC',
    });
    expect(created.status).toBe(201);
    const charge = created.body as ChargeBody;
    expect(charge).toMatchObject({ amount: '278.00', state: 'processing' });
    expect(charge.hostedUrl).toMatch(/^http/);
    expect(Object.keys(charge.addresses)).toContain('BTC');
    const sent = (await coinbase.requests()).find(
      (r) => r.method === 'POST' && (r.body.metadata as { chargeId?: string } | undefined)?.chargeId === charge.id,
    );
    expect(sent?.body).toMatchObject({
      local_price: { amount: '278.00', currency: 'USD' },
      metadata: { userId: user.id, purpose: 'subscription', planId: 'growth', billingCycle: 'annual' },
    });
    expect(await subscriptionOf(user)).toMatchObject({ status: 'none' });

    await settle(charge, 'COMPLETED');
    const active = await waitFor(
      async () => {
        const current = await subscriptionOf(user);
        return current.status === 'active' ? current : undefined;
      },
      30_000,
      'the plan active at billing',
    );
    expect(active).toMatchObject({ planId: 'growth', billingCycle: 'annual', currentPeriodEnd: expect.any(String) });
    expect((await send(user, 'GET', `/api/crypto/coinbase/charge/${charge.id}`)).body).toMatchObject({
      state: 'completed',
    });
  });

  it('leaves the plan inactive when the charge expires', async () => {
    const user = userOf();
    const charge = (
      await send(user, 'POST', '/api/crypto/coinbase/subscription-charge', { planId: 'pro', billingCycle: 'monthly' })
    ).body as ChargeBody;
    expect(charge.amount).toBe('699.00');
    await settle(charge, 'EXPIRED');
    await consumedByBilling(charge.id, 'ChargeFailed');
    expect((await send(user, 'GET', `/api/crypto/coinbase/charge/${charge.id}`)).body).toMatchObject({
      state: 'failed',
    });
    expect(await subscriptionOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
  });

  it('does not let an ordinary charge pose as a subscription payment', async () => {
    const user = userOf();
    const created = await send(user, 'POST', '/api/crypto/coinbase/charge', {
      amount: 29,
      description: 'Pretending to buy Growth',
      metadata: { purpose: 'subscription', planId: 'growth', billingCycle: 'monthly' },
    });
    expect(created.status).toBe(201);
    const charge = created.body as ChargeBody;
    await settle(charge, 'COMPLETED');
    await consumedByBilling(charge.id, 'ChargeCompleted');
    expect(await subscriptionOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
  });

  it('refuses an unknown plan or cycle with a 400', async () => {
    const user = userOf();
    for (const body of [
      { planId: 'starter', billingCycle: 'monthly' },
      { planId: 'growth', billingCycle: 'weekly' },
      {},
    ]) {
      const reply = await send(user, 'POST', '/api/crypto/coinbase/subscription-charge', body);
      expect([JSON.stringify(body), reply.status]).toEqual([JSON.stringify(body), 400]);
    }
  });
});
