import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog } from '@app/contracts';
import type { Event, EventOfBatch } from '@app/platform';
import { DataSource } from 'typeorm';
import { accessCookie, query, rawRequest, startApp, uniqueEmail } from '../../../test-support';
import { AppModule } from '../src/app.module';
import { TransactionRecordedHandler } from '../src/transactions/transaction-events.handlers';

// A run of transaction events applied together (the handler's handleAll, as the consumer hands a
// partition's consecutive events over) must leave the read model exactly as the same events
// applied one at a time (handle): every row of every table, to the scale of its numbers, and
// every figure the merchant reads. Two worlds of three merchants each take the same events (their
// own merchant and transaction ids): one event by event, the other as one run. Both go through the
// same fold (transaction-run.ts), so what is compared is where an event finds its transaction and
// customer: one at a time, as the event before stored them (a run of one each, in its own
// transaction); in a run, as the fold left them in memory, written together at the end.

/** An event of the story, before it is given a world's merchant and transaction ids. */
interface Step {
  merchant: number;
  tx: string;
  amount: string;
  currency: string;
  status: string;
  at: Date;
  customerRef?: string;
  paymentMethod?: string;
  country?: string;
}

interface World {
  merchants: string[];
  prefix: string;
}

const newWorld = (): World => ({
  merchants: [randomUUID(), randomUUID(), randomUUID()],
  prefix: `w${randomUUID().slice(0, 8)}-`,
});

describe('analytics: a run of transaction events applied together', () => {
  let app: INestApplication;
  let api: string;
  let handler: TransactionRecordedHandler;
  let dataSource: DataSource;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const at = (days: number, hours = 10) => new Date(today + days * 86_400_000 + hours * 3_600_000);

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    handler = app.get(TransactionRecordedHandler);
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
  });

  const eventOf = (world: World, step: Step): EventOfBatch<'TransactionRecorded'> => ({
    event: create(eventCatalog.TransactionRecorded.schema, {
      userId: world.merchants[step.merchant],
      transactionId: `${world.prefix}${step.tx}`,
      externalTransactionId: `ext-${step.tx}`,
      type: 'fiat',
      amount: step.amount,
      currency: step.currency,
      status: step.status,
      paymentMethod: step.paymentMethod ?? 'card',
      country: step.country ?? 'NZ',
      processor: 'stripe',
      sourceKind: 'processor',
      integrationId: world.merchants[step.merchant],
      customerRef: step.customerRef ?? '',
      occurredAt: timestampFromDate(step.at),
    }) as Event<'TransactionRecorded'>,
    context: { eventId: randomUUID(), occurredAt: new Date() },
  });

  /** Each event in its own transaction, as the consumer applies one alone. */
  const oneAtATime = async (world: World, steps: Step[]) => {
    for (const step of steps) {
      const { event, context } = eventOf(world, step);
      await dataSource.transaction((manager) => handler.handle(event, { ...context, manager }));
    }
  };
  const asRun = (world: World, steps: Step[]) =>
    dataSource.transaction((manager) =>
      handler.handleAll(
        steps.map((step) => eventOf(world, step)),
        manager,
      ),
    );

  /** The text with the world's merchant ids and transaction id prefix taken out. */
  const normalized = (world: World, text: string) =>
    world.merchants
      .reduce((out, id, index) => out.replaceAll(id, `merchant-${index}`), text)
      .replaceAll(world.prefix, '');

  /**
   * Every read-model row of the world's merchants, as text (so 1.50 and 1.500000 differ), the
   * world taken out; ids and update times left out.
   */
  const snapshot = async (world: World) => {
    const tables = {
      transactions: `SELECT user_id, source, source_id, type, amount, currency, amount_usd, status, risk_level,
                            risk_score, processor, country, payment_method, customer_ref, property_id,
                            compliance_checked, blockchain_tx_hash, description, occurred_at
                       FROM analytics.transactions`,
      daily: `SELECT * FROM analytics.daily_totals`,
      monthly: `SELECT * FROM analytics.monthly_totals`,
      channels: `SELECT * FROM analytics.daily_channel_totals`,
      customers: `SELECT * FROM analytics.customers`,
      bands: `SELECT * FROM analytics.customer_spend_bands`,
      windows: `SELECT * FROM analytics.customer_windows`,
      compliance: `SELECT r.user_id, t.source_id, r.provider, r.record_type, r.type, r.status, r.risk_score,
                          r.gdpr_consent, r.compliance_checked, r.data
                     FROM analytics.compliance_records r JOIN analytics.transactions t ON t.id = r.transaction_id`,
    };
    const rows: Record<string, string[]> = {};
    for (const [table, sql] of Object.entries(tables)) {
      const found = await query<{ row: string }>(
        `SELECT x::text AS row FROM (${sql}) x WHERE x.user_id = ANY($1::uuid[])`,
        [world.merchants],
      );
      rows[table] = found.map(({ row }) => normalized(world, row)).sort();
    }
    return rows;
  };

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** What each merchant reads through the API (compliance records without their ids and times). */
  const answers = async (world: World) => {
    const paths = [
      '/api/dashboard/stats',
      '/api/analytics/transaction-volume?range=90d',
      '/api/analytics/transaction-summary?range=90d',
      '/api/analytics/business-metrics?period=monthly',
      '/api/analytics/customer-segmentation',
      '/api/analytics/risk',
      '/api/compliance/records',
    ];
    const out: unknown[] = [];
    for (const id of world.merchants) {
      const cookie = accessCookie({ id, email: uniqueEmail('runs'), emailVerified: true, role: 'user' });
      for (const path of paths) {
        const reply = await rawRequest(`${api}${path}`, 'GET', { headers: { cookie } });
        expect(reply.status).toBe(200);
        // Record ids, and the times of the records and of the read, differ between the worlds.
        const body = JSON.parse(normalized(world, JSON.stringify(reply.body)), (key, value: unknown) =>
          key === 'timestamp' || key === 'createdAt' || (typeof value === 'string' && uuid.test(value))
            ? undefined
            : value,
        ) as {
          records?: { type: string; status: string; riskScore: number; data: unknown }[];
        };
        out.push(
          body.records ? body.records.map((r) => JSON.stringify([r.type, r.status, r.riskScore, r.data])).sort() : body,
        );
      }
    }
    return out;
  };

  it('leaves the same rows and answers as the events one at a time, repeats within the run included', async () => {
    // Before the run, stored by events one at a time in both worlds: merchant 0's customer c1 with
    // a pending sale and a completed one 40 days ago (the window before the last 30 days), a
    // failed sale and a pending one naming no customer; merchant 1's first structuring-band sale.
    const before: Step[] = [
      { merchant: 0, tx: 'a1', amount: '100.00', currency: 'USD', status: 'pending', at: at(-1), customerRef: 'c1' },
      { merchant: 0, tx: 'a2', amount: '50.00', currency: 'USD', status: 'completed', at: at(-40), customerRef: 'c1' },
      { merchant: 0, tx: 'a3', amount: '20.00', currency: 'USD', status: 'failed', at: at(-2) },
      { merchant: 0, tx: 'a4', amount: '70.00', currency: 'NZD', status: 'pending', at: at(-3), country: 'AU' },
      { merchant: 1, tx: 'b0', amount: '2750.00', currency: 'NZD', status: 'completed', at: at(-1, 1) },
    ];
    // The run: three merchants interleaved; the same transaction up to three times (new then
    // later statuses, a status it may not move back to), the same customer through several
    // transactions and spend bands (up to $150 and back to $50), a customer named only by a
    // later status, a status for a transaction stored under another merchant, an amount with no
    // USD price, and structuring-band sales of one merchant within 24 hours (the third of them
    // needs a person), one of them refunded in the run.
    const run: Step[] = [
      { merchant: 0, tx: 'a1', amount: '100.00', currency: 'USD', status: 'completed', at: at(-1), customerRef: 'c1' },
      { merchant: 0, tx: 'a5', amount: '30.00', currency: 'USD', status: 'pending', at: at(0, 2), customerRef: 'c2' },
      { merchant: 1, tx: 'b1', amount: '200.00', currency: 'USD', status: 'completed', at: at(-5), customerRef: 'c1' },
      { merchant: 0, tx: 'a5', amount: '30.00', currency: 'USD', status: 'completed', at: at(0, 2), customerRef: 'c2' },
      { merchant: 1, tx: 'b2', amount: '2800.00', currency: 'NZD', status: 'completed', at: at(-1, 5) },
      { merchant: 0, tx: 'a1', amount: '100.00', currency: 'USD', status: 'refunded', at: at(-1), customerRef: 'c1' },
      { merchant: 0, tx: 'a4', amount: '70.00', currency: 'NZD', status: 'completed', at: at(-3), customerRef: 'c3' },
      { merchant: 2, tx: 'x1', amount: '12.50', currency: 'XRP', status: 'completed', at: at(-7), customerRef: 'c9' },
      { merchant: 1, tx: 'b3', amount: '2900.00', currency: 'NZD', status: 'completed', at: at(-1, 9) },
      { merchant: 0, tx: 'a3', amount: '20.00', currency: 'USD', status: 'completed', at: at(-2) },
      { merchant: 0, tx: 'a1', amount: '100.00', currency: 'USD', status: 'pending', at: at(-1), customerRef: 'c1' },
      { merchant: 1, tx: 'b1', amount: '200.00', currency: 'USD', status: 'refunded', at: at(-5), customerRef: 'c1' },
      { merchant: 1, tx: 'a2', amount: '50.00', currency: 'USD', status: 'refunded', at: at(-40), customerRef: 'c1' },
      { merchant: 2, tx: 'x2', amount: '40.00', currency: 'USD', status: 'completed', at: at(-70), customerRef: 'c9' },
      { merchant: 1, tx: 'b2', amount: '2800.00', currency: 'NZD', status: 'refunded', at: at(-1, 5) },
      {
        merchant: 0,
        tx: 'a6',
        amount: '9000.00',
        currency: 'USD',
        status: 'completed',
        at: at(0, 1),
        customerRef: 'c2',
      },
      { merchant: 1, tx: 'b4', amount: '15.00', currency: 'USD', status: 'completed', at: at(-4), customerRef: 'c1' },
      { merchant: 0, tx: 'a2', amount: '50.00', currency: 'USD', status: 'refunded', at: at(-40), customerRef: 'c1' },
    ];
    const single = newWorld();
    const together = newWorld();
    await oneAtATime(single, [...before, ...run]);
    await oneAtATime(together, before);
    await asRun(together, run);

    const expected = await snapshot(single);
    expect(await snapshot(together)).toEqual(expected);
    expect(await answers(together)).toEqual(await answers(single));

    // The story did what it says: a1 refunded (the later pending ignored), a2 refunded by its own
    // merchant only, a4 identified by its later status, the third structuring-band sale of 24
    // hours needing a person, and the $150 band c1 passed through left with a row of zeros.
    expect(expected.transactions.filter((row) => /,a[1-4],/.test(row)).map((row) => row.split(',')[7])).toEqual([
      'refunded',
      'refunded',
      'completed',
      'completed',
    ]);
    expect(expected.customers.find((row) => row.startsWith('(merchant-0,c3,'))).toMatch(/^\(merchant-0,c3,44\.\d\d,1,/);
    expect(expected.compliance.filter((row) => row.includes(',structuring,review,'))).toHaveLength(1);
    expect(expected.bands).toContainEqual(expect.stringMatching(/^\(merchant-0,150,0,0\.00,0,/));
  });

  it('keeps nothing of a run whose handleAll throws, and its events one at a time then give the same read model', async () => {
    const before: Step[] = [
      { merchant: 0, tx: 'd1', amount: '80.00', currency: 'USD', status: 'pending', at: at(-2), customerRef: 'c1' },
    ];
    const good: Step[] = [
      { merchant: 0, tx: 'd1', amount: '80.00', currency: 'USD', status: 'completed', at: at(-2), customerRef: 'c1' },
      { merchant: 1, tx: 'e1', amount: '25.00', currency: 'USD', status: 'completed', at: at(-1), customerRef: 'c5' },
      {
        merchant: 0,
        tx: 'd2',
        amount: '9000.00',
        currency: 'USD',
        status: 'completed',
        at: at(0, 1),
        customerRef: 'c1',
      },
    ];
    // A payment method wider than the read model keeps (the event bounds would refuse it first).
    const bad: Step = {
      merchant: 0,
      tx: 'd3',
      amount: '10.00',
      currency: 'USD',
      status: 'completed',
      at: at(-1),
      customerRef: 'c1',
      paymentMethod: 'x'.repeat(40),
    };
    const run = [good[0]!, good[1]!, bad, good[2]!];
    const single = newWorld();
    const together = newWorld();
    await oneAtATime(single, [...before, ...good]);
    await oneAtATime(together, before);
    const stored = await snapshot(together);

    await expect(asRun(together, run)).rejects.toThrow(/too long/);
    expect(await snapshot(together)).toEqual(stored);

    // The consumer's way on: each event alone, the bad one failing by itself.
    for (const step of run) {
      const applied = oneAtATime(together, [step]);
      if (step === bad) await expect(applied).rejects.toThrow(/too long/);
      else await applied;
    }
    expect(await snapshot(together)).toEqual(await snapshot(single));
    expect(await answers(together)).toEqual(await answers(single));
  });
});
