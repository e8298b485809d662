import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  blockchainStatusSchema,
  businessMetricsSchema,
  cashFlowSchema,
  competitiveAnalysisSchema,
  complianceRecordPageSchema,
  customerSegmentationSchema,
  dashboardStatsSchema,
  ErrorCode,
  eventCatalog,
  EventHeader,
  riskAnalyticsSchema,
  transactionPageSchema,
  transactionSummarySchema,
  transactionVolumeSchema,
  type EventType,
  type SourceTransaction,
  type TransactionStatus,
  type TransactionPage,
} from '@app/contracts';
import { EventConsumer, type AuthUser } from '@app/platform';
import type { Message, Producer } from 'kafkajs';
import {
  connectEventProducer,
  eventMessage,
  eventTopic,
  largestEvent,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  waitFor,
  accessCookie,
} from '../../../test-support';
import { expectErrorReply } from '../../../test-support/error-reply';
import { DataSource } from 'typeorm';
import type * as AppModuleFile from '../src/app.module';
import { DashboardService } from '../src/dashboard/dashboard.service';
import { BusinessMetricsService, windowsOf } from '../src/insights/business-metrics.service';
import { money, percentChange } from '../src/insights/calendar';
import { CompetitiveService } from '../src/insights/competitive.service';
import { activityBoundaries } from '../src/insights/customer-windows';
import { CustomersRepository } from '../src/insights/customers.repository';
import { RiskService } from '../src/insights/risk.service';
import { SegmentationService } from '../src/insights/segmentation.service';
import { segmentsOf, tierFiguresOf, type CustomerSpend } from '../src/insights/segmentation';
import { ReadModelRepository } from '../src/transactions/read-model.repository';

// Events in through the real Kafka, figures out through the HTTP API, against hand-computed
// expectations. Blockchain endpoints point at a local JSON-RPC stub (Polygon), the fake rippled
// (tools/fake-rippled, a test double) and a closed port (Avalanche, offline).

const freePort = () =>
  new Promise<number>((done) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('analytics'),
  emailVerified: true,
  role: 'user',
});

describe('analytics: events in, figures out', () => {
  let app: INestApplication;
  let api: string;
  let producer: Producer;
  let rpc: Server;
  let rippled: ChildProcess;
  const a = userOf();
  const b = userOf();
  const now = new Date();
  // Minutes before now but never before today's UTC midnight (tests run just after midnight see "today" too), order kept.
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const minutesAgo = (m: number) => new Date(Math.max(now.getTime() - m * 60_000, midnight + (31 - m) * 10));
  const fortyDaysAgo = new Date(now.getTime() - 40 * 86_400_000);
  const sent: Message[] = [];

  const cookieOf = (user: AuthUser) => accessCookie(user);
  const get = (path: string, user: AuthUser = a) =>
    rawRequest(`${api}${path}`, 'GET', { headers: { cookie: cookieOf(user) } });

  async function publish(type: EventType, key: string, init: Record<string, unknown>) {
    const message = eventMessage(type, key, init, { occurredAt: now });
    await producer.send({ topic: eventTopic(type), messages: [message] });
    sent.push(message);
    return message;
  }

  const recorded = (
    user: AuthUser,
    id: string,
    amount: string,
    currency: string,
    status: string,
    at: Date,
    extra: Record<string, unknown> = {},
    key = id,
  ) =>
    publish('TransactionRecorded', key, {
      userId: user.id,
      transactionId: id,
      externalTransactionId: `ext-${id}`,
      type: 'fiat',
      amount,
      currency,
      status,
      paymentMethod: 'card',
      country: 'US',
      processor: 'stripe',
      sourceKind: 'processor',
      integrationId: randomUUID(),
      occurredAt: timestampFromDate(at),
      ...extra,
    });

  const ids = {
    t1: randomUUID(),
    t2: randomUUID(),
    t3: randomUUID(),
    t4: randomUUID(),
    t5: randomUUID(),
    t6: randomUUID(),
  };
  const chargeId = randomUUID();
  const escrowId = randomUUID();
  const invoiceId = `in_${randomUUID().slice(0, 12)}`;

  beforeAll(async () => {
    rpc = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        const block = (n: number, t: number) => ({ number: `0x${n.toString(16)}`, timestamp: `0x${t.toString(16)}` });
        const result =
          call.method === 'eth_gasPrice'
            ? `0x${(31_500_000_000).toString(16)}`
            : call.params[0] === 'latest'
              ? block(1000, 1_700_000_021)
              : block(990, 1_700_000_000);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
      });
    });
    await new Promise<void>((done) => rpc.listen(0, '127.0.0.1', done));
    const rippledPort = await freePort();
    rippled = spawn(
      process.execPath,
      [resolve(__dirname, '../../../tools/fake-rippled/server.mjs'), '--port', String(rippledPort)],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${rippledPort}/__fake/ledger`)).ok,
      20_000,
      'fake rippled',
    );
    Object.assign(process.env, {
      POLYGON_RPC_URL: `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`,
      AVALANCHE_RPC_URL: 'http://127.0.0.1:1',
      XRPL_SERVER_URL: `ws://127.0.0.1:${rippledPort}`,
      BLOCKCHAIN_TIMEOUT_MS: '1000',
    });
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    producer = await connectEventProducer('analytics-test', Object.keys(eventCatalog) as EventType[]);

    // User A: the month's sales, a refund, a failure, a crypto charge, an XRP escrow, an old sale,
    // a large sale that AML screening records, and a subscription invoice partly refunded.
    await recorded(a, ids.t1, '100.00', 'USD', 'completed', minutesAgo(10), { customerRef: 'c1' });
    await recorded(a, ids.t2, '50.00', 'NZD', 'completed', minutesAgo(9), { country: 'NZ', processor: 'square' });
    await recorded(a, ids.t3, '200.00', 'USD', 'completed', minutesAgo(8));
    await recorded(a, ids.t3, '200.00', 'USD', 'refunded', minutesAgo(8));
    await recorded(a, ids.t4, '20.00', 'USD', 'failed', minutesAgo(7));
    await publish('ChargeCompleted', chargeId, {
      userId: a.id,
      chargeId,
      providerChargeId: 'cb_1',
      code: 'ABC123',
      provider: 'coinbase',
      amount: '500.00',
      currency: 'USD',
      cryptoCurrency: 'ETH',
      description: 'Quick crypto payment',
      occurredAt: timestampFromDate(minutesAgo(6)),
    });
    await publish('EscrowFinished', escrowId, {
      userId: a.id,
      escrowId,
      owner: 'rOwner',
      offerSequence: 7,
      destination: 'rDest',
      amount: '100.000000',
      currency: 'XRP',
      txHash: 'ABCDEF',
      occurredAt: timestampFromDate(minutesAgo(5)),
    });
    await recorded(a, ids.t5, '1000.00', 'USD', 'completed', fortyDaysAgo);
    await recorded(a, ids.t6, '2500.00', 'USD', 'completed', minutesAgo(4), { customerRef: 'c2' });
    await publish('InvoicePaid', invoiceId, {
      userId: a.id,
      invoiceId,
      amount: 4900n,
      currency: 'usd',
      planId: 'growth',
      billingCycle: 'monthly',
    });
    await publish('InvoiceRefunded', invoiceId, { userId: a.id, invoiceId, amountRefunded: 1000n, currency: 'usd' });
    // User B: one sale of their own.
    await recorded(b, randomUUID(), '75.00', 'USD', 'completed', minutesAgo(3));

    await waitFor(
      async () => {
        const [row] = await query<{ n: number }>(
          `SELECT (SELECT count(*) FROM analytics.transactions WHERE user_id IN ($1, $2))::int
                + (SELECT count(*) FROM analytics.invoices WHERE invoice_id = $3 AND refunded_usd = 10)::int
                + (SELECT count(*) FROM analytics.transactions WHERE source_id = $4 AND status = 'refunded')::int AS n`,
          [a.id, b.id, invoiceId, ids.t3],
        );
        return row.n === 11;
      },
      90_000,
      'all events applied',
    );
  });

  afterAll(async () => {
    await producer?.disconnect();
    await app?.close();
    await new Promise((done) => rpc?.close(done));
    rippled?.kill();
  });

  // Month to date: 100 + 50 NZD (31.45 USD at 0.6289) + 500 (charge) + 2500 = 3131.45; the
  // refunded 200 and the failed 20 do not count, the XRP escrow has no USD price.
  /** Per customer of the merchant's transactions: completed spend, in the 30 days to `asOf` and the 30 before. */
  const customersScanSql = `
    SELECT customer_ref, coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0) AS spend, count(*)::int AS n,
           max(occurred_at) AS last_seen,
           coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $2), 0) AS recent,
           coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $3 AND occurred_at < $2), 0) AS prior
      FROM analytics.transactions WHERE user_id = $1 AND customer_ref IS NOT NULL
     GROUP BY customer_ref`;
  const windowStarts = (asOf: Date) => [
    new Date(asOf.getTime() - 29 * 86_400_000),
    new Date(asOf.getTime() - 59 * 86_400_000),
  ];

  /**
   * The spend bands (as of the merchant's window day `asOf`) against the same sums over that scan:
   * a customer left in its old band, a figure moved twice or not moved shows here.
   */
  const expectSpendBandsOfScan = async (userId: string, asOf: Date) => {
    const figures = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).map(Number));
    const [bands, scanned] = await Promise.all([
      query(
        `SELECT band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds
           FROM analytics.customer_spend_bands
          WHERE user_id = $1 AND (customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds) <> (0, 0, 0, 0, 0, 0)
          ORDER BY band`,
        [userId],
      ),
      query(
        `SELECT analytics.spend_band(spend) AS band, count(*) AS customers, sum(spend) AS spend_usd, sum(n) AS tx_count,
                sum(recent) AS recent_usd, sum(prior) AS prior_usd, sum(extract(epoch FROM last_seen)) AS last_seen_seconds
           FROM (${customersScanSql}) c WHERE spend > 0 GROUP BY 1 ORDER BY 1`,
        [userId, ...windowStarts(asOf)],
      ),
    ]);
    expect(figures(bands)).toEqual(figures(scanned));
  };

  /**
   * The tiers' sums and the segments as the service reads them at `at` against tierFiguresOf's and
   * segmentsOf's ranking of that scan (the sums exact: the segments round days and averages).
   */
  const expectSegmentsOfScan = async (userId: string, at: Date) => {
    const asOf = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    const scanned = await query<{ spend: string; n: number; days: string; recent: string; prior: string }>(
      `SELECT *, extract(epoch FROM ($4::timestamptz - last_seen)) / 86400 AS days
         FROM (${customersScanSql}) c WHERE spend > 0 ORDER BY spend DESC, customer_ref`,
      [userId, ...windowStarts(asOf), at],
    );
    const customers = scanned.map((c): CustomerSpend => ({
      spendUsd: Number(c.spend),
      txCount: c.n,
      daysSinceLast: Math.max(0, Number(c.days)),
      recentUsd: Number(c.recent),
      priorUsd: Number(c.prior),
    }));
    const tiers = await app.get(CustomersRepository).spendTiers(userId, at);
    expect(
      tiers.map((t) => ({
        ...t,
        spendUsd: Number(t.spendUsd),
        recentUsd: Number(t.recentUsd),
        priorUsd: Number(t.priorUsd),
        lowestUsd: Number(t.lowestUsd),
        highestUsd: Number(t.highestUsd),
      })),
    ).toEqual(tierFiguresOf(customers).map((t) => ({ ...t, recencyDays: expect.closeTo(t.recencyDays, 6) })));
    const naiveSegments = segmentsOf(customers);
    const segments = await app.get(SegmentationService).segmentation(userId, at);
    expect(segments.totalCustomers).toBe(scanned.length);
    expect(segments.segments).toEqual(naiveSegments);
  };

  const monthly = 3131.45;
  const sameMonth = fortyDaysAgo.getUTCMonth() === now.getUTCMonth();

  it('computes the dashboard stats from the events', async () => {
    const reply = await get('/api/dashboard/stats');
    expect(reply.status).toBe(200);
    const stats = dashboardStatsSchema.parse(reply.body);
    expect(stats).toMatchObject({
      totalPortfolio: 4131.45,
      monthlyVolume: sameMonth ? 4131.45 : monthly,
      tokenizedProperties: 0,
      currency: 'USD',
      month: now.toISOString().slice(0, 7),
    });
    expect(stats.riskScore).toBeGreaterThanOrEqual(0);
    expect(stats.riskScore).toBeLessThanOrEqual(10);
  });

  it('does not count a redelivered event or a repeated status twice', async () => {
    const before = dashboardStatsSchema.parse((await get('/api/dashboard/stats')).body);
    const first = sent[0]!;
    const consumer = app.get(EventConsumer);
    await expect(consumer.apply({ message: { ...first, value: first.value as Buffer } } as never)).resolves.toBe(false);
    // The same transaction and status again under a new event id and the very same message again,
    // through Kafka, then a marker on the same partition (same key) that tells us the consumer has
    // passed them. The marker belongs to a third user, so A's figures stay as they were.
    await recorded(a, ids.t1, '100.00', 'USD', 'completed', minutesAgo(10), { customerRef: 'c1' });
    await producer.send({ topic: eventTopic('TransactionRecorded'), messages: [first] });
    const marker = randomUUID();
    await recorded(userOf(), marker, '1.00', 'USD', 'completed', minutesAgo(2), {}, ids.t1);
    await waitFor(
      async () => (await query('SELECT 1 FROM analytics.transactions WHERE source_id = $1', [marker])).length > 0,
      60_000,
      'marker applied',
    );
    const after = dashboardStatsSchema.parse((await get('/api/dashboard/stats')).body);
    expect(after).toEqual(before);
    const [bucket] = await query<{ n: number }>(
      `SELECT sum(tx_count)::int AS n FROM analytics.daily_totals WHERE user_id = $1`,
      [a.id],
    );
    expect(bucket).toEqual({ n: 8 });
    const [customer] = await query<{ spend_usd: string; tx_count: number }>(
      `SELECT spend_usd, tx_count FROM analytics.customers WHERE user_id = $1 AND customer_ref = 'c1'`,
      [a.id],
    );
    expect(customer).toEqual({ spend_usd: '100.00', tx_count: 1 });
  });

  it('keeps users apart', async () => {
    const page = transactionPageSchema.parse((await get('/api/transactions', b)).body);
    expect(page.transactions).toHaveLength(1);
    expect(page.transactions[0]).toMatchObject({ userId: b.id, amount: '75.00' });
    const stats = dashboardStatsSchema.parse((await get('/api/dashboard/stats', b)).body);
    expect(stats.totalPortfolio).toBe(75);
    const records = complianceRecordPageSchema.parse((await get('/api/compliance/records', b)).body);
    expect(records.records).toEqual([]);
  });

  it('ignores an event of a stored transaction under another user and a status move the transition table refuses', async () => {
    const owner = userOf();
    const other = userOf();
    const readModel = app.get(ReadModelRepository);
    const dataSource = app.get(DataSource);
    const sourceId = randomUUID();
    const tx: SourceTransaction = {
      userId: owner.id,
      source: 'integrations',
      sourceId,
      type: 'fiat',
      amount: '80.00',
      currency: 'USD',
      status: 'completed',
      processor: 'stripe',
      country: 'NZ',
      paymentMethod: 'card',
      customerRef: 'cust-moves',
      propertyId: null,
      blockchainTxHash: null,
      description: null,
      occurredAt: minutesAgo(30),
    };
    const apply = (event: SourceTransaction) =>
      dataSource.transaction((manager) => readModel.applyAll(manager, [event]));
    const figures = async (userId = owner.id) => ({
      rows: await query('SELECT user_id, status, risk_score FROM analytics.transactions WHERE source_id = $1', [
        sourceId,
      ]),
      buckets: await query(
        `SELECT status, tx_count, amount::float AS amount FROM analytics.daily_totals WHERE user_id = $1 AND tx_count <> 0
         UNION ALL SELECT status, tx_count, amount::float FROM analytics.monthly_totals WHERE user_id = $1 AND tx_count <> 0`,
        [userId],
      ),
      channels: await query(
        'SELECT tx_count, identified_count FROM analytics.daily_channel_totals WHERE user_id = $1',
        [userId],
      ),
      customers: await query(
        'SELECT customer_ref, spend_usd::float AS spend, tx_count FROM analytics.customers WHERE user_id = $1',
        [userId],
      ),
    });
    await apply(tx);
    const recorded = await figures();
    expect(recorded).toEqual({
      rows: [{ user_id: owner.id, status: 'completed', risk_score: 5 }],
      buckets: [
        { status: 'completed', tx_count: 1, amount: 80 },
        { status: 'completed', tx_count: 1, amount: 80 },
      ],
      channels: [{ tx_count: 1, identified_count: 1 }],
      customers: [{ customer_ref: 'cust-moves', spend: 80, tx_count: 1 }],
    });
    // Back to pending (not in the transition table), and a refund reported under another user: nothing moves.
    await apply({ ...tx, status: 'pending' });
    await apply({ ...tx, userId: other.id, status: 'refunded' });
    expect(await figures()).toEqual(recorded);
    expect(await figures(other.id)).toEqual({ rows: recorded.rows, buckets: [], channels: [], customers: [] });
    // The same status again is applied and moves no figure; the refund moves the row's buckets and takes the spend back.
    await apply({ ...tx, status: 'completed' });
    expect(await figures()).toEqual(recorded);
    await apply({ ...tx, status: 'refunded' });
    expect(await figures()).toEqual({
      rows: [{ user_id: owner.id, status: 'refunded', risk_score: 20 }],
      buckets: [
        { status: 'refunded', tx_count: 1, amount: 80 },
        { status: 'refunded', tx_count: 1, amount: 80 },
      ],
      channels: [{ tx_count: 1, identified_count: 1 }],
      customers: [{ customer_ref: 'cust-moves', spend: 0, tx_count: 1 }],
    });
  });

  it('lists transactions newest first with filters and cursor paging', async () => {
    const all: TransactionPage['transactions'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const reply = await get(`/api/transactions?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(reply.status).toBe(200);
      const page = transactionPageSchema.parse(reply.body);
      all.push(...page.transactions);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(all).toHaveLength(8);
    expect(new Set(all.map((t) => t.id)).size).toBe(8);
    const times = all.map((t) => Date.parse(t.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all[0]).toMatchObject({ transactionId: ids.t6, amount: '2500.00', riskLevel: 'medium', riskScore: 35 });
    const escrow = all.find((t) => t.transactionId === escrowId)!;
    expect(escrow).toMatchObject({
      type: 'crypto',
      amount: '100.000000',
      currency: 'XRP',
      amountUsd: null,
      blockchainTxHash: 'ABCDEF',
    });
    expect(all.find((t) => t.transactionId === ids.t2)).toMatchObject({ amountUsd: '31.45', country: 'NZ' });

    const refunded = transactionPageSchema.parse((await get('/api/transactions?status=refunded')).body);
    expect(refunded.transactions.map((t) => t.transactionId)).toEqual([ids.t3]);
    const crypto = transactionPageSchema.parse((await get('/api/transactions?type=crypto')).body);
    expect(crypto.transactions.map((t) => t.transactionId).sort()).toEqual([chargeId, escrowId].sort());
    const day = fortyDaysAgo.toISOString().slice(0, 10);
    const old = transactionPageSchema.parse((await get(`/api/transactions?from=${day}&to=${day}`)).body);
    expect(old.transactions.map((t) => t.transactionId)).toEqual([ids.t5]);
  });

  it('answers bad query parameters with 400 and the message', async () => {
    expectErrorReply(await get('/api/transactions?type=cash'), {
      status: 400,
      error: ErrorCode.ValidationFailed,
      message: 'Type must be one of crypto, token, fiat',
    });
    expectErrorReply(await get('/api/transactions?limit=0'), {
      status: 400,
      message: 'Limit must be a whole number from 1 to 100',
    });
    expectErrorReply(await get('/api/transactions?from=yesterday'), {
      status: 400,
      message: 'From must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    });
    expectErrorReply(await get('/api/transactions?cursor=bm90LWEtY3Vyc29y'), {
      status: 400,
      message: 'Cursor is not valid',
    });
    expectErrorReply(await get('/api/analytics/cash-flow?period=weekly'), {
      status: 400,
      message: 'Period must be one of monthly, quarterly, yearly',
    });
    expectErrorReply(await get('/api/analytics/business-metrics?period=hourly'), {
      status: 400,
      message: 'Period must be one of daily, weekly, monthly',
    });
    expectErrorReply(await get('/api/analytics/competitive?timeframe=5y'), {
      status: 400,
      message: 'Timeframe must be one of 3m, 6m, 12m, 24m',
    });
    expectErrorReply(await get('/api/analytics/transaction-volume?range=1y'), {
      status: 400,
      message: 'Range must be one of 7d, 30d, 90d',
    });
    expectErrorReply(await rawRequest(`${api}/api/dashboard/stats`, 'GET'), {
      status: 401,
      error: ErrorCode.Unauthenticated,
    });
  });

  it('computes the month’s cash flow: sales in, refunds and the subscription out', async () => {
    const flow = cashFlowSchema.parse((await get('/api/analytics/cash-flow?period=monthly')).body);
    const month = flow.periods.find((p) => p.period === now.toISOString().slice(0, 7))!;
    // Sales 100 + 31.45 + 200 (later refunded) + 500 + 2500 = 3331.45 (+1000 when the old sale is this month);
    // refunds 200; subscription 49 - 10 refunded = 39.
    const revenue = sameMonth ? 4331.45 : 3331.45;
    expect(month).toMatchObject({
      inflow: revenue,
      outflow: 239,
      netFlow: Math.round((revenue - 239) * 100) / 100,
      operatingCashFlow: Math.round((revenue - 239) * 100) / 100,
      investingCashFlow: 0,
      financingCashFlow: 0,
      categories: { revenue, operations: 200, expenses: 39 },
    });
    expect(flow.periods[0]!.period).toBe(fortyDaysAgo.toISOString().slice(0, 7));
    const yearly = cashFlowSchema.parse((await get('/api/analytics/cash-flow?period=yearly')).body);
    expect(yearly.periods.reduce((sum, p) => sum + p.categories.revenue, 0)).toBeCloseTo(4331.45, 2);
  });

  it('serves the chart, the summary, metrics, segments, risk, competition and compliance records', async () => {
    const volume = transactionVolumeSchema.parse((await get('/api/analytics/transaction-volume?range=7d')).body);
    expect(volume.points).toHaveLength(7);
    const today = volume.points[6]!;
    expect(today.date).toBe(now.toISOString().slice(0, 10));
    expect(today).toMatchObject({ fiat: 2631.45, crypto: 500, token: 0 });

    const summary = transactionSummarySchema.parse((await get('/api/analytics/transaction-summary?range=7d')).body);
    // 7 transactions this week: 4 completed + 1 refunded + 1 failed + escrow; success = 6 of 7 settled... escrow counts as completed.
    expect(summary.totalCount).toBe(7);
    expect(summary.totalVolume).toBe(3131.45);
    expect(summary.averageTicket).toBe(782.86); // 3131.45 / 4 priced completed
    expect(summary.successRate).toBe(85.7); // 6 of 7
    expect(summary.byStatus.find((r) => r.key === 'refunded')).toEqual({ key: 'refunded', count: 1, volume: 200 });

    const metrics = businessMetricsSchema.parse((await get('/api/analytics/business-metrics?period=daily')).body);
    // Today: the two identified customers are active and new.
    expect(metrics.daily.find((m) => m.id === 'daily_activeCustomers')).toMatchObject({ value: 2, unit: 'users' });
    expect(metrics.daily.find((m) => m.id === 'daily_newCustomers')).toMatchObject({ value: 2 });

    const segmentation = customerSegmentationSchema.parse((await get('/api/analytics/customer-segmentation')).body);
    expect(segmentation.totalCustomers).toBe(2);
    // Two customers: the top 10% rounds up to one, the top 50% is that same one, so the other is occasional.
    expect(segmentation.segments.map((s) => [s.tier, s.count, s.averageValue])).toEqual([
      ['premium', 1, 2500],
      ['other', 1, 100],
    ]);

    const risk = riskAnalyticsSchema.parse((await get('/api/analytics/risk')).body);
    expect(risk.riskMetrics.map((m) => m.id)).toEqual(['refund_rate', 'failure_rate', 'velocity', 'high_risk_share']);
    // refund rate 1 of 6 sales = 16.7% -> 5.0
    expect(risk.riskMetrics[0]!.score).toBe(5);

    const competitive = competitiveAnalysisSchema.parse((await get('/api/analytics/competitive')).body);
    expect(competitive).toMatchObject({ timeframe: '12m', curated: true });
    expect(competitive.merchant.revenue).toBeCloseTo(4131.45, 2);

    const records = complianceRecordPageSchema.parse((await get('/api/compliance/records')).body);
    // 2,500 USD = NZ$3,975: above the NZ$3,000 screening threshold, below EDD.
    expect(records.records.map((r) => [r.type, r.status, r.riskScore])).toEqual([['large_transaction', 'cleared', 35]]);
  });

  it('segments customers by completed spend, a refund taking its spend back', async () => {
    // The read model fed directly (the handlers' own write path), ten customers of a new merchant.
    const merchant = userOf();
    const readModel = app.get(ReadModelRepository);
    const dataSource = app.get(DataSource);
    const sale = (customerRef: string, amount: string, status: 'completed' | 'refunded', sourceId = randomUUID()) =>
      dataSource.transaction((manager) =>
        readModel.applyAll(manager, [
          {
            userId: merchant.id,
            source: 'integrations',
            sourceId,
            type: 'fiat',
            amount,
            currency: 'USD',
            status,
            processor: 'square',
            country: 'NZ',
            paymentMethod: 'card',
            customerRef,
            propertyId: null,
            blockchainTxHash: null,
            description: null,
            occurredAt: minutesAgo(30),
          },
        ]),
      );
    for (let i = 1; i <= 10; i++) await sale(`cust-${i}`, `${i * 10}.00`, 'completed');
    const refundedSale = randomUUID();
    await sale('cust-10', '400.00', 'completed', refundedSale);
    await sale('cust-10', '400.00', 'refunded', refundedSale);
    const segmentation = customerSegmentationSchema.parse(
      (await get('/api/analytics/customer-segmentation', merchant)).body,
    );
    expect(segmentation.totalCustomers).toBe(10);
    // cust-10 spent 100 (the 400 was refunded); standard: 90, 80, 70, 60; other: 50..10.
    expect(segmentation.segments.map((s) => [s.tier, s.count, s.percentage, s.averageValue])).toEqual([
      ['premium', 1, 10, 100],
      ['standard', 4, 40, 75],
      ['other', 5, 50, 30],
    ]);
  });

  it('keeps its rollups equal to a scan of the transactions through updates, refunds, replays and later days', async () => {
    // A merchant's 400 transactions over 100 days (and two tomorrow), fed through the handlers' write path
    // with status changes, refunds and replays, read on several days; every figure the customer, spend-band
    // and channel rollups give must be what a scan of analytics.transactions gives.
    const merchant = userOf();
    const readModel = app.get(ReadModelRepository);
    const dataSource = app.get(DataSource);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const txs = Array.from({ length: 400 }, (_, i): SourceTransaction => ({
      userId: merchant.id,
      source: 'integrations' as const,
      sourceId: `windows-${merchant.id}-${i}`,
      type: 'fiat' as const,
      amount: (10 + Math.floor(random() * 50_000) / 100).toFixed(2),
      currency: pick(['USD', 'NZD', 'AUD']),
      status: pick(['pending', 'completed', 'completed', 'failed'] as const) as TransactionStatus,
      processor: pick(['stripe', 'square']),
      country: pick(['NZ', 'US', null]),
      paymentMethod: pick(['card', 'bank_transfer', null]),
      customerRef: random() < 0.1 ? null : `cust-${Math.floor(random() * 25)}`,
      propertyId: null,
      blockchainTxHash: null,
      description: null,
      occurredAt: new Date(
        i < 2 ? today + 86_400_000 + 3_600_000 : today + 86_399_000 - Math.floor(random() * 100 * 86_400_000),
      ),
    }));
    type Tx = SourceTransaction;
    const apply = (tx: Tx) => dataSource.transaction((manager) => readModel.applyAll(manager, [tx]));
    const later = (tx: Tx) =>
      tx.status === 'pending'
        ? { ...tx, status: pick(['completed', 'failed'] as const) }
        : tx.status === 'completed' && random() < 0.25
          ? { ...tx, status: 'refunded' as const }
          : tx;
    const day = (days: number) => new Date(today + days * 86_400_000 + 15 * 3_600_000);
    const metrics = app.get(BusinessMetricsService);
    const competitive = app.get(CompetitiveService);
    const dashboard = app.get(DashboardService);

    const expectScanFigures = async (at: Date) => {
      const asOf = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      const [customers, naiveCustomers] = await Promise.all([
        (async () => {
          await app.get(CustomersRepository).windowsAt(merchant.id, asOf);
          return query(
            `SELECT customer_ref, spend_usd::text, tx_count, first_seen, last_seen, recent_usd::text, prior_usd::text,
                    ${activityBoundaries.map((b) => b.column).join(', ')}
               FROM analytics.customers WHERE user_id = $1 ORDER BY customer_ref`,
            [merchant.id],
          );
        })(),
        query(
          `SELECT customer_ref, coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0)::text AS spend_usd,
                  count(*)::int AS tx_count, min(occurred_at) AS first_seen, max(occurred_at) AS last_seen,
                  coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $2), 0)::text AS recent_usd,
                  coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $3 AND occurred_at < $2), 0)::text AS prior_usd,
                  ${activityBoundaries
                    .map((b, i) => `max(occurred_at) FILTER (WHERE occurred_at < $${i + 4}) AS ${b.column}`)
                    .join(', ')}
             FROM analytics.transactions WHERE user_id = $1 AND customer_ref IS NOT NULL
            GROUP BY customer_ref ORDER BY customer_ref`,
          [
            merchant.id,
            new Date(asOf.getTime() - 29 * 86_400_000),
            new Date(asOf.getTime() - 59 * 86_400_000),
            ...activityBoundaries.map((b) => b.at(asOf)),
          ],
        ),
      ]);
      const numeric = (rows: Record<string, unknown>[]) =>
        rows.map((r) => ({
          ...r,
          spend_usd: Number(r.spend_usd),
          recent_usd: Number(r.recent_usd),
          prior_usd: Number(r.prior_usd),
        }));
      expect(numeric(customers)).toEqual(numeric(naiveCustomers));

      // The spend bands and segmentation against the old per-customer ranking over a scan.
      await expectSpendBandsOfScan(merchant.id, asOf);
      await expectSegmentsOfScan(merchant.id, at);

      // Business metrics' and competitive analysis' customers against distinct counts over a scan.
      const distinct = async (from: Date, before: Date | null) =>
        (
          await query<{ n: number }>(
            `SELECT count(DISTINCT customer_ref)::int AS n FROM analytics.transactions
              WHERE user_id = $1 AND occurred_at >= $2 AND ($3::timestamptz IS NULL OR occurred_at < $3)`,
            [merchant.id, from, before],
          )
        )[0]!.n;
      const firstSeen = async (from: Date, before: Date) =>
        (
          await query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (SELECT customer_ref FROM analytics.transactions
              WHERE user_id = $1 AND customer_ref IS NOT NULL GROUP BY 1 HAVING min(occurred_at) >= $2 AND min(occurred_at) < $3) c`,
            [merchant.id, from, before],
          )
        )[0]!.n;
      const figures = await metrics.metrics(merchant.id, at);
      for (const period of ['daily', 'weekly', 'monthly'] as const) {
        const { current, previous } = windowsOf(period, at);
        const before = (w: { to: Date }) => new Date(w.to.getTime() + 86_400_000);
        const active = figures[period].find((m) => m.id === `${period}_activeCustomers`)!;
        const fresh = figures[period].find((m) => m.id === `${period}_newCustomers`)!;
        expect([active.value, active.previousValue, fresh.value, fresh.previousValue]).toEqual([
          await distinct(current.from, before(current)),
          await distinct(previous.from, before(previous)),
          await firstSeen(current.from, before(current)),
          await firstSeen(previous.from, before(previous)),
        ]);
      }
      for (const [timeframe, months] of [
        ['3m', 3],
        ['6m', 6],
        ['12m', 12],
        ['24m', 24],
      ] as const) {
        const start = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate() + 1));
        const previousStart = new Date(
          Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - 2 * months, asOf.getUTCDate() + 1),
        );
        const analysis = await competitive.analysis(merchant.id, timeframe, at);
        const [current, previous] = [await distinct(start, null), await distinct(previousStart, start)];
        expect([analysis.merchant.customers, analysis.merchant.customerChange]).toEqual([
          current,
          percentChange(current, previous),
        ]);
      }

      // Risk's identity coverage of the last 30 days against a scan.
      const [coverage] = await query<{ total: number; identified: number; located: number }>(
        `SELECT count(*)::int AS total, count(customer_ref)::int AS identified, count(country)::int AS located
           FROM analytics.transactions WHERE user_id = $1 AND occurred_at >= $2`,
        [merchant.id, new Date(asOf.getTime() - 29 * 86_400_000)],
      );
      const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100 * 10) / 10 : 100);
      const risk = await app.get(RiskService).risk(merchant.id, at);
      expect([risk.complianceStatus.kycCompliance, risk.complianceStatus.regulatoryCompliance]).toEqual([
        percent(coverage!.identified, coverage!.total),
        percent(coverage!.located, coverage!.total),
      ]);

      // The summary's breakdowns against a group-by over a scan.
      const summary = await dashboard.summary(merchant.id, '90d', at);
      const grouped = async (column: string) =>
        (
          await query<{ key: string; count: number; volume: string }>(
            `SELECT coalesce(${column}, 'unknown') AS key, count(*)::int AS count, coalesce(sum(amount_usd), 0)::text AS volume
               FROM analytics.transactions WHERE user_id = $1 AND occurred_at >= $2 AND occurred_at < $3
              GROUP BY 1`,
            [merchant.id, new Date(asOf.getTime() - 89 * 86_400_000), new Date(asOf.getTime() + 86_400_000)],
          )
        )
          .map((r) => ({ key: r.key, count: r.count, volume: money(r.volume) }))
          .sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
      expect([summary.byPaymentMethod, summary.byProcessor, summary.byCountry]).toEqual([
        await grouped('payment_method'),
        await grouped('processor'),
        await grouped('country'),
      ]);
    };

    for (const tx of txs.slice(0, 200)) await apply(tx);
    await expectScanFigures(day(0));
    for (const tx of txs.slice(200)) await apply(tx);
    // Later statuses, some twice, a refund of a refund's sale, and a customer named only by a later event.
    for (const tx of txs.slice(0, 300)) {
      const next = later(tx);
      await apply(next);
      if (random() < 0.3) await apply(next);
    }
    await apply({ ...txs.find((tx) => tx.customerRef === null)!, customerRef: 'cust-late', status: 'completed' });
    await expectScanFigures(day(0));
    await expectScanFigures(day(1));
    for (const tx of txs.slice(300)) await apply(later(tx));
    await expectScanFigures(day(4));
    await expectScanFigures(day(75));
    await expectScanFigures(day(0));
  });

  it('keeps the spend bands equal to a scan and cuts the tiers inside a band, equal spends by reference', async () => {
    // 60 customers of a new merchant in four spend bands ($300, $200, $150, $100 to 3 significant
    // figures), fed through the handlers' write path: the cuts after the 6th and the 30th customer
    // fall inside the $300 and $150 bands, the bands between lie whole in one tier, every third
    // customer of a band spends the same amount (ranked by reference: the first cut falls among
    // them), and some customers of the whole bands have a pending sale tomorrow (later than the
    // read: 0 days since, not fewer).
    const merchant = userOf();
    const readModel = app.get(ReadModelRepository);
    const dataSource = app.get(DataSource);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const sale = (customer: number, sourceId: string, amount: string, status: TransactionStatus, at: number) =>
      dataSource.transaction((manager) =>
        readModel.applyAll(manager, [
          {
            userId: merchant.id,
            source: 'integrations',
            sourceId: `${merchant.id}-${sourceId}`,
            type: 'fiat',
            amount,
            currency: 'USD',
            status,
            processor: 'stripe',
            country: 'NZ',
            paymentMethod: 'card',
            customerRef: `band-${String(customer).padStart(2, '0')}`,
            propertyId: null,
            blockchainTxHash: null,
            description: null,
            occurredAt: new Date(at),
          },
        ]),
      );
    const amounts: string[] = [];
    let customer = 0;
    for (const [band, size] of [
      [300, 10],
      [200, 15],
      [150, 15],
      [100, 20],
    ] as const) {
      for (let j = 0; j < size; j++, customer++) {
        amounts[customer] = `${band}.${j % 3 === 0 ? '50' : String((j * 37) % 100).padStart(2, '0')}`;
        await sale(customer, `sale-${customer}`, amounts[customer], 'completed', today + 36e6 - j * 3 * 86_400_000);
        if ((band === 200 || band === 100) && j % 4 === 1) {
          await sale(customer, `tomorrow-${customer}`, '9.00', 'pending', today + 86_400_000 + 3_600_000);
        }
      }
    }
    // Moves between bands: a second sale lifts customer 0 to $500 and its refund brings it back; a
    // pending sale completed lifts customer 12 to $250; a failed charge paid later lifts customer 20
    // to the next band; customer 45's only sale refunded takes it out of the paying customers (59
    // left: cuts after the 6th and the 30th).
    await sale(0, 'lift-0', '200.00', 'completed', today - 86_400_000);
    await sale(0, 'lift-0', '200.00', 'refunded', today - 86_400_000);
    await sale(12, 'lift-12', '50.00', 'pending', today - 40 * 86_400_000);
    await sale(12, 'lift-12', '50.00', 'completed', today - 40 * 86_400_000);
    await sale(20, 'retry-20', '1.00', 'failed', today - 2 * 86_400_000);
    await sale(20, 'retry-20', '1.00', 'completed', today - 2 * 86_400_000);
    await sale(45, 'sale-45', amounts[45]!, 'refunded', today + 36e6 - 5 * 3 * 86_400_000);

    const at = (days: number) => new Date(today + days * 86_400_000 + 15 * 3_600_000);
    const segments = await app.get(SegmentationService).segmentation(merchant.id, at(0));
    expect(segments.segments.map((s) => [s.tier, s.count])).toEqual([
      ['premium', 6],
      ['standard', 24],
      ['other', 29],
    ]);
    // A new customer's first sales arriving at once (a month apart, so no rollup bucket makes them
    // wait for each other): its row is created once and each sale moves it between bands once.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => sale(60, `together-${i}`, '15.00', 'completed', today - i * 32 * 86_400_000)),
    );
    // Today, then the windows moved a day and 30 more, then 75 days on and back (both recomputed).
    for (const days of [0, 1, 31, 75, 0]) {
      await app.get(CustomersRepository).windowsAt(merchant.id, new Date(today + days * 86_400_000));
      await expectSpendBandsOfScan(merchant.id, new Date(today + days * 86_400_000));
      await expectSegmentsOfScan(merchant.id, at(days));
    }
  });

  it('reads the networks: Polygon and the XRP Ledger online, an unreachable one offline with no figures', async () => {
    const status = blockchainStatusSchema.parse((await get('/api/blockchain/status')).body);
    expect(status.polygon).toMatchObject({ status: 'online', gasPrice: '31.5', blockTime: 2.1, latestBlock: 1000 });
    expect(status.avalanche).toMatchObject({ status: 'offline', gasPrice: null, blockTime: null });
    expect(status.xrp).toMatchObject({ status: 'online', serverState: 'full', baseFee: '0.00001' });
    expect(status.xrp.ledgerIndex).toEqual(expect.any(Number));
  });

  it('stores page views, with the user when a session comes along', async () => {
    const post = (body: unknown, user?: AuthUser) =>
      rawRequest(`${api}/api/analytics/events`, 'POST', {
        headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
        body: JSON.stringify(body),
      });
    const path = `/analytics/${randomUUID()}`;
    const signedIn = await post({ name: 'page_view', path, properties: { tab: 'cash-flow' } }, a);
    expect(signedIn.status).toBe(202);
    const anonymous = await post({ name: 'page_view', path });
    expect(anonymous.status).toBe(202);
    const rows = await query<{ user_id: string | null; properties: unknown }>(
      'SELECT user_id, properties FROM analytics.page_events WHERE path = $1 ORDER BY received_at',
      [path],
    );
    expect(rows).toEqual([
      { user_id: a.id, properties: { tab: 'cash-flow' } },
      { user_id: null, properties: {} },
    ]);
    expectErrorReply(await post({ name: '1bad', path }), {
      status: 400,
      message: 'Name must start with a letter and use only letters, digits, _ . : -',
    });
    expectErrorReply(await post({ name: 'page_view', path: 'no-slash' }), {
      status: 400,
      message: 'Path must start with /',
    });
  });

  it('stores the largest value of every field of every event it consumes, USD conversion included', async () => {
    const consumer = app.get(EventConsumer);
    const user = randomUUID();
    const invoice = `${randomUUID()}${'x'.repeat(255 - 36)}`;
    // Charges as sales (no purpose), so their widest fields land in a transaction row.
    const events = consumer.eventTypes.map((type) =>
      largestEvent(type, {
        userId: user,
        ...(type.startsWith('Invoice') ? { invoiceId: invoice } : {}),
        ...(type.startsWith('Charge') ? { purpose: '' } : {}),
      }),
    );
    for (const [index, type] of consumer.eventTypes.entries()) {
      await expect(consumer.apply({ message: eventMessage(type, user, events[index]!) } as never)).resolves.toBe(true);
    }
    // The largest charge paying the platform (a plan): a subscription cost, not a transaction.
    const planCharge = largestEvent('ChargeCompleted', { userId: user, chargeId: randomUUID() });
    expect(planCharge.purpose).toBe('subscription');
    await expect(consumer.apply({ message: eventMessage('ChargeCompleted', user, planCharge) } as never)).resolves.toBe(
      true,
    );
    expect(
      await query('SELECT amount_usd::text AS usd FROM analytics.invoices WHERE invoice_id = $1', [
        `charge:${planCharge.chargeId}`,
      ]),
    ).toEqual([{ usd: planCharge.amount }]);
    const sale = events[consumer.eventTypes.indexOf('TransactionRecorded')]!;
    // 9,999,999,999,999.99 GBP at 1.2403 dollars.
    expect(
      await query(
        'SELECT amount_usd::text AS usd, length(customer_ref) AS ref FROM analytics.transactions WHERE source_id = $1',
        [sale.transactionId],
      ),
    ).toEqual([{ usd: '12402999999999.99', ref: 254 }]);
    // The sale, two charges and two escrows (each event its own ids).
    expect(await query('SELECT count(*)::int AS n FROM analytics.transactions WHERE user_id = $1', [user])).toEqual([
      { n: 5 },
    ]);
  });

  it('dead-letters an event outside its bounds at once and goes on with the events behind it', async () => {
    const c = userOf();
    const key = randomUUID();
    const [before, poison, after] = [randomUUID(), randomUUID(), randomUUID()];
    await recorded(c, before, '10.00', 'USD', 'completed', minutesAgo(1), {}, key);
    const bad = await recorded(
      c,
      poison,
      '11.00',
      'USD',
      'completed',
      minutesAgo(1),
      { customerRef: 'x'.repeat(400) },
      key,
    );
    await recorded(c, after, '12.00', 'USD', 'completed', minutesAgo(1), {}, key);
    await waitFor(
      async () =>
        (await query('SELECT 1 FROM analytics.transactions WHERE source_id = ANY($1)', [[before, after]])).length === 2,
      20_000,
      'the events around the poison applied',
    );
    expect(await query('SELECT 1 FROM analytics.transactions WHERE source_id = $1', [poison])).toEqual([]);
    const eventId = String(bad.headers![EventHeader.Id]);
    // Parallel suites start analytics apps in the same consumer group: the partition may move to
    // another member mid-way (one that is stopping leaves the poison to the next), so the dead letter
    // is awaited rather than read once.
    const letters = await waitFor(
      async () => {
        const rows = await query('SELECT type, attempts, error FROM analytics.dead_letters WHERE event_id = $1', [
          eventId,
        ]);
        return rows.length > 0 ? rows : null;
      },
      20_000,
      'the poison dead-lettered',
    );
    expect(letters).toEqual([
      { type: 'TransactionRecorded', attempts: 1, error: expect.stringMatching(/customerRef/) },
    ]);
  });
});
