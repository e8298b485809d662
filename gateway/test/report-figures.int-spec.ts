import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { reportSchema, transactionSummarySchema, type EventType } from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { AuthUser } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  query,
  rawRequest,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../test-support';
import type * as AnalyticsApp from '../../services/analytics/src/app.module';
import type * as ReportsApp from '../../services/reports-ai/src/app.module';
import type * as ReportsWorker from '../../services/reports-ai/src/worker.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Issue 17's demand: a 30-day financial report's totals equal the analytics service's figures for
// the same merchant and period. Both services read the same events from Kafka into their own read
// models; the figures are asked through the gateway, as the web app asks them.

const currencies = ['USD', 'NZD', 'AUD', 'EUR', 'GBP', 'JPY'] as const;
// TransactionRecorded reports these; a cancellation comes from crypto (ChargeFailed CANCELED).
const statuses = ['completed', 'completed', 'completed', 'refunded', 'failed', 'pending', 'completed'] as const;

describe('gateway: a report’s figures equal the analytics figures of the same events', () => {
  let services: INestApplication[] = [];
  let worker: INestApplicationContext;
  let gateway: FastifyInstance;
  let redis: Redis;
  let producer: Producer;
  let url: string;
  const merchant: AuthUser = { id: randomUUID(), email: uniqueEmail('figures'), emailVerified: true, role: 'user' };
  const now = new Date();
  const midnight = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  /** A time on the day `days` before today (UTC), never later than now. */
  const onDay = (days: number, second: number) =>
    new Date(Math.min(midnight - days * 86_400_000 + second * 1000, now.getTime() - 1000));

  const send = (method: string, path: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(merchant) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const publish = (type: EventType, key: string, init: Record<string, unknown>) =>
    producer.send({ topic: eventTopic(type), messages: [eventMessage(type, key, init)] });

  beforeAll(async () => {
    const modules = {
      ANALYTICS_URL: jest.requireActual<typeof AnalyticsApp>('../../services/analytics/src/app.module').AppModule,
      REPORTS_AI_URL: jest.requireActual<typeof ReportsApp>('../../services/reports-ai/src/app.module').AppModule,
    };
    const urls: Record<string, string> = {};
    for (const [variable, module] of Object.entries(modules)) {
      const started = await startApp(module);
      services.push(started.app);
      urls[variable] = started.url;
    }
    worker = await startWorker(
      jest.requireActual<typeof ReportsWorker>('../../services/reports-ai/src/worker.module').WorkerModule,
    );
    const config = parseConfig(gatewayConfigSchema, { ...process.env, ...urls });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
    producer = await connectEventProducer('report-figures-test', [
      'TransactionRecorded',
      'ChargeCompleted',
      'ChargeFailed',
      'EscrowFinished',
    ]);
  });

  afterAll(async () => {
    await producer?.disconnect();
    await gateway?.close();
    await redis?.quit();
    await worker?.close();
    for (const app of services.reverse()) await app.close();
    services = [];
  });

  it('reports the same total volume, count, average ticket and success rate for the last 30 days', async () => {
    // 64 sales over the 31 days up to today in six currencies and every status (refunds after the
    // sale, as integrations reports them), on both edges of the period: day 29 is its first day,
    // day 30 the day before it. Then crypto: two paid charges, a cancelled one, an XRP escrow.
    let sent = 0;
    for (let i = 0; i < 64; i++) {
      const id = randomUUID();
      const status = statuses[i % statuses.length]!;
      const day = i % 2 === 0 ? (i * 7) % 31 : [29, 30, 0][i % 3]!;
      const sale = {
        userId: merchant.id,
        transactionId: id,
        externalTransactionId: `ext-${id}`,
        type: 'fiat',
        amount: `${(i * 137) % 4000}.${String((i * 29) % 100).padStart(2, '0')}`,
        currency: currencies[i % currencies.length],
        paymentMethod: i % 3 === 0 ? 'bank_transfer' : 'card',
        country: i % 4 === 0 ? '' : 'NZ',
        processor: i % 2 === 0 ? 'stripe' : 'square',
        sourceKind: 'processor',
        integrationId: randomUUID(),
        customerRef: `c${i % 5}`,
        occurredAt: timestampFromDate(onDay(day, i === 0 ? 0 : (i * 1373) % 86_400)),
      };
      if (status === 'refunded') await publish('TransactionRecorded', id, { ...sale, status: 'completed' });
      await publish('TransactionRecorded', id, { ...sale, status });
      sent++;
    }
    for (const [amount, event, status] of [
      ['500.00', 'ChargeCompleted', ''],
      ['125.50', 'ChargeCompleted', ''],
      ['80.00', 'ChargeFailed', 'CANCELED'],
    ] as const) {
      const chargeId = randomUUID();
      await publish(event, chargeId, {
        userId: merchant.id,
        chargeId,
        providerChargeId: `cb_${chargeId.slice(0, 8)}`,
        code: chargeId.slice(0, 8).toUpperCase(),
        provider: 'coinbase',
        amount,
        currency: 'USD',
        ...(status ? { status } : { cryptoCurrency: 'BTC' }),
        occurredAt: timestampFromDate(onDay(3, 3600)),
      });
      sent++;
    }
    const escrowId = randomUUID();
    await publish('EscrowFinished', escrowId, {
      userId: merchant.id,
      escrowId,
      owner: 'rOwner',
      offerSequence: 9,
      destination: 'rDest',
      amount: '250.000000',
      currency: 'XRP',
      txHash: 'FEEDBEEF',
      occurredAt: timestampFromDate(onDay(2, 7200)),
    });
    sent++;

    await waitFor(
      async () => {
        const [row] = await query<{ analytics: number; reports: number; refunded: number }>(
          `SELECT (SELECT count(*) FROM analytics.transactions WHERE user_id = $1)::int AS analytics,
                  (SELECT count(*) FROM reports.transactions WHERE user_id = $1)::int AS reports,
                  (SELECT count(*) FROM analytics.transactions WHERE user_id = $1 AND status = 'refunded')::int
                + (SELECT count(*) FROM reports.transactions WHERE user_id = $1 AND status = 'refunded')::int AS refunded`,
          [merchant.id],
        );
        return row.analytics === sent && row.reports === sent && row.refunded === 2 * 9;
      },
      90_000,
      'both read models applied every event',
    );

    const summaryReply = await send('GET', '/api/analytics/transaction-summary?range=30d');
    expect(summaryReply.status).toBe(200);
    const analytics = transactionSummarySchema.parse(summaryReply.body);
    const generated = await send('POST', '/api/reports/generate', { type: 'financial', period: '30d' });
    expect(generated.status).toBe(201);
    const { id } = reportSchema.parse(generated.body);
    const report = await waitFor(
      async () => {
        const current = reportSchema.parse((await send('GET', `/api/reports/${id}`)).body);
        return current.status === 'completed' ? current : null;
      },
      60_000,
      'report completed',
    );

    const { totalVolume, totalCount, averageTicket, successRate } = analytics;
    expect(report.data!.summary).toMatchObject({ totalVolume, totalCount, averageTicket, successRate });
    // Something was counted, on both sides of the period's edge: not an agreement of zeros.
    expect(totalCount).toBeGreaterThan(40);
    expect(totalCount).toBeLessThan(sent);
    expect(totalVolume).toBeGreaterThan(0);
    expect(successRate).toBeGreaterThan(0);
    expect(successRate).toBeLessThan(100);
  });
});
