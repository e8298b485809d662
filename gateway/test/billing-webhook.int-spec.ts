import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import Stripe from 'stripe';
import { accessToken, query, rawRequest, startApp } from '../../test-support';
import type * as BillingApp from '../../services/billing/src/app.module';
import { billingConfigSchema } from '../../services/billing/src/config';
import { FakeStripeProcess } from '../../services/billing/test/fake-stripe';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Stripe signs the exact bytes it sends; the gateway must stream them to billing untouched, or
// every real webhook would fail verification. Odd spacing, key order and non-ASCII text prove it.

describe('gateway: Stripe webhooks reach billing byte for byte', () => {
  let fake: FakeStripeProcess;
  let billing: INestApplication;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  const secret = parseConfig(billingConfigSchema).STRIPE_WEBHOOK_SECRET;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await FakeStripeProcess.start();
    Object.assign(process.env, fake.env());
    const { AppModule } = jest.requireActual<typeof BillingApp>('../../services/billing/src/app.module');
    const billingApp = await startApp(AppModule);
    billing = billingApp.app;
    const config = parseConfig(gatewayConfigSchema, { ...process.env, BILLING_URL: billingApp.url });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await billing?.close();
    await fake?.stop();
  });

  const send = (payload: string, signature?: string) =>
    rawRequest(`${url}/api/webhooks/stripe`, 'POST', {
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });

  it('passes a signed webhook through, and a badly signed one is a 400 from billing', async () => {
    const id = `evt_gateway_${Date.now()}`;
    const payload = `{ "type": "customer.created",\n  "id": "${id}", "object": "event",\t"data": {"object": {"name": "Māori café ✓"}} }`;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const reply = await send(payload, signature);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await query('SELECT type FROM billing.processed_webhook_events WHERE stripe_event_id = $1', [id])).toEqual([
      { type: 'customer.created' },
    ]);

    const other = `{"id": "${id}-bad", "object": "event", "type": "customer.created", "data": {"object": {}}}`;
    const wrong = await send(
      other,
      stripe.webhooks.generateTestHeaderString({ payload: other, secret: 'whsec_other' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'INVALID_SIGNATURE' });
    expect(
      await query('SELECT 1 FROM billing.processed_webhook_events WHERE stripe_event_id = $1', [`${id}-bad`]),
    ).toEqual([]);
  });

  it('routes the billing API with the session rules', async () => {
    expect((await rawRequest(`${url}/api/plans`, 'GET')).status).toBe(200);
    expect((await rawRequest(`${url}/api/billing/config`, 'GET')).body).toEqual({
      publishableKey: 'pk_test_local',
      stripeJsUrl: null,
    });
    expect((await rawRequest(`${url}/api/billing/subscription`, 'GET')).status).toBe(401);
    const unverified = accessToken({
      id: '00000000-0000-4000-8000-000000000009',
      email: 'u@example.test',
      emailVerified: false,
      role: 'user',
    });
    const reply = await rawRequest(`${url}/api/create-subscription`, 'POST', {
      headers: { 'content-type': 'application/json', cookie: `access_token=${unverified}` },
      body: '{}',
    });
    expect(reply.status).toBe(403);
  });
});
