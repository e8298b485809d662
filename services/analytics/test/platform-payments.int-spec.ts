import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  cashFlowSchema,
  complianceRecordPageSchema,
  dashboardStatsSchema,
  eventCatalog,
  riskAnalyticsSchema,
  transactionPageSchema,
  type EventType,
  type SourceTransaction,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import { PlatformPayments1767052800900 } from '../migrations/1767052800900-platform-payments';
import { AppModule } from '../src/app.module';
import { ReadModelRepository } from '../src/transactions/read-model.repository';

// Money a merchant pays the platform is not its sales (issue 39): a crypto charge for a plan
// (ChargeCompleted, purpose 'subscription') is a subscription cost, never in the merchant's
// volume, cash flow revenue, transactions or AML screening; and the migration takes such a charge
// recorded as a sale by the earlier code out of the read model.

const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('platform-pay'),
  emailVerified: true,
  role: 'user',
});

describe('analytics: what a merchant pays the platform is not its sales', () => {
  let app: INestApplication;
  let api: string;
  let producer: Producer;
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const get = async (path: string, user: AuthUser) => {
    const reply = await rawRequest(`${api}${path}`, 'GET', { headers: { cookie: accessCookie(user) } });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const figures = async (user: AuthUser) => {
    const stats = dashboardStatsSchema.parse(await get('/api/dashboard/stats', user));
    const flow = cashFlowSchema.parse(await get('/api/analytics/cash-flow?period=monthly', user));
    const records = complianceRecordPageSchema.parse(await get('/api/compliance/records', user)).records;
    const transactions = transactionPageSchema.parse(await get('/api/transactions', user)).transactions;
    const risk = riskAnalyticsSchema.parse(await get('/api/analytics/risk', user));
    return { stats, cash: flow.periods.find((p) => p.period === month), records, transactions, risk };
  };

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    producer = await connectEventProducer('analytics-platform-payments-test', Object.keys(eventCatalog) as EventType[]);
  });

  afterAll(async () => {
    await producer?.disconnect();
    await app?.close();
  });

  const publish = (type: EventType, key: string, init: Record<string, unknown>) =>
    producer.send({ topic: eventTopic(type), messages: [eventMessage(type, key, init, { occurredAt: now })] });

  const charge = (user: AuthUser, chargeId: string, fields: Record<string, unknown>) => ({
    userId: user.id,
    chargeId,
    providerChargeId: `cb_${chargeId.slice(0, 8)}`,
    code: chargeId.slice(0, 8).toUpperCase(),
    provider: 'coinbase',
    amount: '699.00',
    currency: 'USD',
    occurredAt: timestampFromDate(now),
    ...fields,
  });

  it('a crypto plan charge is a subscription cost: volume, cash flow revenue, transactions and AML screening do not move', async () => {
    const merchant = userOf();
    const saleId = randomUUID();
    const planCharge = randomUUID();
    const expiredPlanCharge = randomUUID();
    const plan = { purpose: 'subscription', planId: 'pro', billingCycle: 'monthly' };
    await publish('TransactionRecorded', saleId, {
      userId: merchant.id,
      transactionId: saleId,
      externalTransactionId: `ext-${saleId}`,
      type: 'fiat',
      amount: '100.00',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'card',
      country: 'US',
      processor: 'stripe',
      sourceKind: 'processor',
      integrationId: randomUUID(),
      occurredAt: timestampFromDate(now),
    });
    // Under one key, so the expired charge is applied before the paid one the test waits for.
    await publish('ChargeFailed', merchant.id, { ...charge(merchant, expiredPlanCharge, plan), status: 'EXPIRED' });
    await publish(
      'ChargeCompleted',
      merchant.id,
      charge(merchant, planCharge, {
        ...plan,
        cryptoCurrency: 'ETH',
        description: 'Enterprise plus Tokenization plan, one month',
        payerEmail: merchant.email,
      }),
    );
    await waitFor(
      async () => {
        const [row] = await query<{ n: number }>(
          `SELECT (SELECT count(*) FROM analytics.invoices WHERE invoice_id = $1)::int
                + (SELECT count(*) FROM analytics.transactions WHERE source_id = $2)::int AS n`,
          [`charge:${planCharge}`, saleId],
        );
        return row.n === 2;
      },
      60_000,
      'the sale and the plan charge applied',
    );

    const seen = await figures(merchant);
    expect(seen.stats).toMatchObject({ totalPortfolio: 100, monthlyVolume: 100 });
    expect(seen.transactions.map((tx) => Number(tx.amount))).toEqual([100]);
    // 699 USD is about 1,111 NZD: as a crypto transfer the travel rule would have asked for a review.
    expect(seen.records).toEqual([]);
    expect(seen.risk.complianceStatus.amlCompliance).toBe(100);
    expect(seen.cash).toMatchObject({ inflow: 100, categories: { revenue: 100, operations: 0, expenses: 699 } });

    // The same charge again (a second copy of the event), then a crypto sale under the same key:
    // once the sale is in, the copy was applied before it and added nothing.
    const saleCharge = randomUUID();
    await publish(
      'ChargeCompleted',
      merchant.id,
      charge(merchant, planCharge, { ...plan, description: 'Enterprise plus Tokenization plan, one month' }),
    );
    await publish(
      'ChargeCompleted',
      merchant.id,
      charge(merchant, saleCharge, { amount: '10.00', description: 'Quick crypto payment' }),
    );
    await waitFor(
      async () =>
        (await query(`SELECT 1 FROM analytics.transactions WHERE source_id = $1`, [`charge:${saleCharge}`])).length ===
        1,
      60_000,
      'the crypto sale applied',
    );
    const later = await figures(merchant);
    expect(later.stats).toMatchObject({ totalPortfolio: 110, monthlyVolume: 110 });
    expect(later.cash).toMatchObject({ categories: { revenue: 110, expenses: 699 } });
    expect(later.transactions.map((tx) => Number(tx.amount)).sort((x, y) => x - y)).toEqual([10, 100]);
  });

  it('the migration takes a plan charge the earlier code recorded as a sale out, and keeps a sale of the same amount', async () => {
    const merchant = userOf();
    const repository = app.get(ReadModelRepository);
    const dataSource = app.get(DataSource);
    const oldRow = (chargeId: string, description: string): SourceTransaction => ({
      userId: merchant.id,
      source: 'crypto',
      sourceId: `charge:${chargeId}`,
      type: 'crypto',
      amount: '699.00',
      currency: 'USD',
      status: 'completed',
      processor: 'coinbase',
      country: null,
      paymentMethod: 'ETH',
      customerRef: null,
      propertyId: null,
      blockchainTxHash: null,
      description,
      occurredAt: now,
    });
    const planCharge = randomUUID();
    const sale = randomUUID();
    // As the earlier code applied them: both are the merchant's transactions, both screened.
    await dataSource.transaction((manager) =>
      repository.applyAll(manager, [
        oldRow(planCharge, 'Enterprise plus Tokenization plan, one month'),
        oldRow(sale, 'Quick crypto payment'),
      ]),
    );
    const before = await figures(merchant);
    expect(before.stats.monthlyVolume).toBe(1398);
    expect(before.records.length).toBe(2);

    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await new PlatformPayments1767052800900().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }

    const after = await figures(merchant);
    expect(after.stats).toMatchObject({ totalPortfolio: 699, monthlyVolume: 699 });
    expect(after.transactions.map((tx) => tx.metadata.description)).toEqual(['Quick crypto payment']);
    expect(after.records.length).toBe(1);
    expect(after.cash).toMatchObject({ inflow: 699, categories: { revenue: 699, expenses: 699 } });
    const summary = await get('/api/analytics/transaction-summary?range=7d', merchant);
    expect(summary).toMatchObject({ totalVolume: 699 });
    // The rollups equal a scan of the rows left.
    const [rollup] = await query<{ n: number; usd: string }>(
      `SELECT sum(tx_count)::int AS n, sum(amount_usd)::text AS usd FROM analytics.daily_totals WHERE user_id = $1`,
      [merchant.id],
    );
    const [channels] = await query<{ n: number; usd: string }>(
      `SELECT sum(tx_count)::int AS n, sum(amount_usd)::text AS usd FROM analytics.daily_channel_totals WHERE user_id = $1`,
      [merchant.id],
    );
    expect({ rollup, channels }).toEqual({ rollup: { n: 1, usd: '699.00' }, channels: { n: 1, usd: '699.00' } });
  });
  it('one risk statement: while a screening record awaits review the AML risk is not low, and the stats say how many', async () => {
    const merchant = userOf();
    const saleId = randomUUID();
    // 20,000 USD is above the enhanced-due-diligence threshold: a record awaiting review.
    await publish('TransactionRecorded', saleId, {
      userId: merchant.id,
      transactionId: saleId,
      externalTransactionId: `ext-${saleId}`,
      type: 'fiat',
      amount: '20000.00',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'card',
      country: 'US',
      processor: 'stripe',
      sourceKind: 'processor',
      integrationId: randomUUID(),
      occurredAt: timestampFromDate(now),
    });
    await waitFor(
      async () =>
        (await query(`SELECT 1 FROM analytics.compliance_records WHERE user_id = $1`, [merchant.id])).length > 0,
      60_000,
      'the sale screened',
    );
    const seen = await figures(merchant);
    const open = seen.records.filter((record) => record.status === 'review').length;
    expect(open).toBeGreaterThan(0);
    expect(seen.stats.amlReviewsOpen).toBe(open);
    expect(seen.stats.riskLevel).not.toBe('low');
    expect(seen.stats.riskScore).toBeGreaterThanOrEqual(3.1);
  });
});
