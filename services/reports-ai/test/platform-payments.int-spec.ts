import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { reportSchema, type EventType, type Report, type SourceTransaction } from '@app/contracts';
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
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import { PlatformPayments1767052800950 } from '../migrations/1767052800950-platform-payments';
import type * as AppModuleFile from '../src/app.module';
import { ReadModelRepository } from '../src/read-model/read-model.repository';
import type * as WorkerModuleFile from '../src/worker.module';

// Money a merchant pays the platform is not its sales (issue 39): a crypto charge for a plan
// (ChargeCompleted, purpose 'subscription') is a subscription cost of the financial report, never
// in its volume, counts or screenings; and the migration takes such a charge recorded as a sale by
// the earlier code out of the read model.

const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('reports-plan'),
  emailVerified: true,
  role: 'user',
});

describe('reports-ai: what a merchant pays the platform is a subscription cost, not a sale', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let producer: Producer;
  const now = new Date();

  const request = (method: string, path: string, user: AuthUser, json?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { cookie: accessCookie(user), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  const financialReport = async (user: AuthUser) => {
    const queued = reportSchema.parse(
      (await request('POST', '/api/reports/generate', user, { type: 'financial', period: '30d' })).body,
    );
    return waitFor(
      async () => {
        const report = reportSchema.parse((await request('GET', `/api/reports/${queued.id}`, user)).body);
        return report.status === 'completed' ? report : null;
      },
      60_000,
      `report ${queued.id}`,
    );
  };
  const summaryOf = (report: Report) => (report.data as { summary: Record<string, number> }).summary;
  const publish = (type: EventType, key: string, init: Record<string, unknown>) =>
    producer.send({ topic: eventTopic(type), messages: [eventMessage(type, key, init)] });

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    worker = await startWorker(WorkerModule);
    producer = await connectEventProducer('reports-ai-platform-payments-test', [
      'TransactionRecorded',
      'ChargeCompleted',
      'ChargeFailed',
    ]);
  });

  afterAll(async () => {
    await producer?.disconnect();
    await worker?.close();
    await app?.close();
  });

  it('a crypto plan charge shows as the subscription cost of the financial report, not in its sales', async () => {
    const merchant = userOf();
    const saleId = randomUUID();
    const planCharge = randomUUID();
    const charge = (chargeId: string) => ({
      userId: merchant.id,
      chargeId,
      providerChargeId: `cb_${chargeId.slice(0, 8)}`,
      code: chargeId.slice(0, 8).toUpperCase(),
      provider: 'coinbase',
      amount: '699.00',
      currency: 'USD',
      purpose: 'subscription',
      planId: 'pro',
      billingCycle: 'monthly',
      occurredAt: timestampFromDate(now),
    });
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
    await publish('ChargeFailed', merchant.id, { ...charge(randomUUID()), status: 'EXPIRED' });
    await publish('ChargeCompleted', merchant.id, {
      ...charge(planCharge),
      cryptoCurrency: 'BTC',
      description: 'Enterprise plus Tokenization plan, one month',
      payerEmail: merchant.email,
    });
    await waitFor(
      async () => {
        const [row] = await query<{ n: number }>(
          `SELECT (SELECT count(*) FROM reports.invoices WHERE invoice_id = $1)::int
                + (SELECT count(*) FROM reports.transactions WHERE source_id = $2)::int AS n`,
          [`charge:${planCharge}`, saleId],
        );
        return row.n === 2;
      },
      60_000,
      'the sale and the plan charge applied',
    );
    const [{ n }] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reports.transactions WHERE user_id = $1 AND source = 'crypto'`,
      [merchant.id],
    );
    expect(n).toBe(0);

    const summary = summaryOf(await financialReport(merchant));
    expect(summary).toMatchObject({
      totalVolume: 100,
      totalCount: 1,
      failedCount: 0,
      subscriptionFeesPaid: 699,
      subscriptionFeesRefunded: 0,
      netRevenue: -599,
    });
  });

  it('the migration takes a plan charge the earlier code recorded as a sale out, and keeps other crypto sales', async () => {
    const merchant = userOf();
    const dataSource = app.get(DataSource);
    const oldRow = (chargeId: string, amount: string): SourceTransaction => ({
      userId: merchant.id,
      source: 'crypto',
      sourceId: `charge:${chargeId}`,
      type: 'crypto',
      amount,
      currency: 'USD',
      status: 'completed',
      processor: 'coinbase',
      country: null,
      paymentMethod: 'ETH',
      customerRef: null,
      propertyId: null,
      blockchainTxHash: null,
      description: null,
      occurredAt: now,
    });
    const planCharge = randomUUID();
    // As the earlier code applied them: both the merchant's transactions, both screened.
    await dataSource.transaction((manager) =>
      app
        .get(ReadModelRepository)
        .applyTransactions(manager, [oldRow(planCharge, '699.00'), oldRow(randomUUID(), '500.00')]),
    );
    expect(summaryOf(await financialReport(merchant))).toMatchObject({
      totalVolume: 1199,
      totalCount: 2,
      subscriptionFeesPaid: 0,
    });

    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await new PlatformPayments1767052800950().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }

    expect(summaryOf(await financialReport(merchant))).toMatchObject({
      totalVolume: 500,
      totalCount: 1,
      subscriptionFeesPaid: 699,
      netRevenue: -199,
    });
    const screened = await query<{ source_id: string }>(
      `SELECT t.source_id FROM reports.screenings s JOIN reports.transactions t ON t.id = s.transaction_id
        WHERE s.user_id = $1`,
      [merchant.id],
    );
    expect(screened.map((row) => row.source_id)).not.toContain(`charge:${planCharge}`);
  });
});
