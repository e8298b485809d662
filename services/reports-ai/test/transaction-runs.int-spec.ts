import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog } from '@app/contracts';
import type { EventOfBatch } from '@app/platform';
import { DataSource } from 'typeorm';
import { query, startApp, transactionRecordedFields } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { TransactionRecordedHandler } from '../src/read-model/transaction-events.handler';

// The consumer hands a partition's consecutive TransactionRecorded events to handleAll in one call:
// the rows it leaves (transactions, screening records) must be those of handle on each in turn,
// the same transaction's later statuses and several merchants within one call included. handle
// applies its event as a run of one, so one at a time each event starts from the rows the one
// before it stored (read back from the database), while in one run it starts from the fold's
// in-memory state: the comparison checks that the fold carries an event's effect to the next
// exactly as storing and reading it back does. The run's expected outcome is asserted as well.

type Recorded = EventOfBatch<'TransactionRecorded'>;

/** Labels of the run's merchants and transactions, given fresh ids each time the run is built. */
const merchants = ['a', 'b', 'c'] as const;
const transactions = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 'stored'] as const;
type Ids = Record<(typeof merchants)[number] | (typeof transactions)[number], string>;

describe('reports-ai: a run of transaction events applied together', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let handler: TransactionRecordedHandler;
  const start = Date.now() - 6 * 3_600_000;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app } = await startApp(AppModule));
    dataSource = app.get(DataSource);
    handler = app.get(TransactionRecordedHandler);
  });

  afterAll(async () => {
    await app?.close();
  });

  const freshIds = (): Ids =>
    Object.fromEntries([...merchants, ...transactions].map((label) => [label, randomUUID()])) as Ids;

  /** A TransactionRecorded event; `minute` after the start (NZD amounts: 2,800 is in the structuring band). */
  const recorded = (
    merchant: string,
    transactionId: string,
    status: string,
    minute: number,
    amount = '120.00',
    customerRef = '',
  ): Recorded => ({
    event: create(
      eventCatalog.TransactionRecorded.schema,
      transactionRecordedFields({
        userId: merchant,
        transactionId,
        amount,
        currency: 'NZD',
        status,
        customerRef,
        occurredAt: timestampFromDate(new Date(start + minute * 60_000)),
      }),
    ),
    context: { eventId: randomUUID(), occurredAt: new Date() },
  });

  /** What is stored before the run: a structuring-band sale of a, and a pending sale of c. */
  const before = (ids: Ids): Recorded[] => [
    recorded(ids.a, ids.t0, 'completed', 0, '2800.00'),
    recorded(ids.c, ids.stored, 'pending', 1),
  ];

  /**
   * The run, its merchants interleaved: a's sale t1 (structuring band) pending, completed, refunded,
   * then a late pending the transition table refuses; two more structuring-band sales of a (the
   * third within 24 hours needs review, and t1's later statuses are screened again counting them);
   * b reporting a's t1 (ignored); b's sale whose refund brings the customer reference it lacked;
   * c's stored sale completed, a failed payment that later succeeds, a large sale refunded, and
   * a sale reported twice with the same status.
   */
  const run = (ids: Ids): Recorded[] => [
    recorded(ids.a, ids.t1, 'pending', 10, '2800.00'),
    recorded(ids.b, ids.t5, 'completed', 11),
    recorded(ids.a, ids.t1, 'completed', 10, '2800.00'),
    recorded(ids.c, ids.stored, 'completed', 1),
    recorded(ids.a, ids.t2, 'completed', 12, '2900.00'),
    recorded(ids.b, ids.t1, 'refunded', 10, '2800.00'),
    recorded(ids.c, ids.t6, 'failed', 13),
    recorded(ids.a, ids.t3, 'completed', 14, '2750.00'),
    recorded(ids.a, ids.t1, 'refunded', 10, '2800.00'),
    recorded(ids.c, ids.t6, 'completed', 13),
    recorded(ids.b, ids.t5, 'refunded', 11, '120.00', 'cus_0001'),
    recorded(ids.a, ids.t1, 'pending', 10, '2800.00'),
    recorded(ids.c, ids.t4, 'completed', 15, '12000.00'),
    recorded(ids.c, ids.t7, 'completed', 16),
    recorded(ids.c, ids.t7, 'completed', 16),
    recorded(ids.c, ids.t4, 'refunded', 15, '12000.00'),
  ];

  const one = (events: Recorded[]) =>
    dataSource.transaction(async (manager) => {
      for (const { event, context } of events) await handler.handle(event, { ...context, manager });
    });
  const together = (events: Recorded[]) => dataSource.transaction((manager) => handler.handleAll(events, manager));

  /** The merchants' rows, their ids replaced by the labels, so two runs with their own ids compare. */
  const stored = async (ids: Ids) => {
    const labels = new Map(Object.entries(ids).map(([label, id]) => [id, label]));
    const label = (id: string) => labels.get(id) ?? id;
    const users = merchants.map((merchant) => ids[merchant]);
    const rows = await query<Record<string, unknown> & { user_id: string; source_id: string }>(
      `SELECT user_id, source_id, type, amount, currency, amount_usd, status, risk_level, risk_score, processor,
              country, payment_method, customer_ref, occurred_at
         FROM reports.transactions WHERE user_id = ANY($1::uuid[])`,
      [users],
    );
    const records = await query<Record<string, unknown> & { user_id: string; source_id: string }>(
      `SELECT t.source_id, s.rule, s.user_id, s.status, s.risk_score, s.occurred_at
         FROM reports.screenings s JOIN reports.transactions t ON t.id = s.transaction_id
        WHERE s.user_id = ANY($1::uuid[])`,
      [users],
    );
    const labelled = <T extends { user_id: string; source_id: string }>(list: T[]) =>
      list
        .map((row) => ({ ...row, user_id: label(row.user_id), source_id: label(row.source_id) }))
        .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    return { transactions: labelled(rows), screenings: labelled(records) };
  };

  it('leaves the rows applying the events one at a time leaves', async () => {
    const single = freshIds();
    await one(before(single));
    await one(run(single));
    const expected = await stored(single);

    const batched = freshIds();
    await one(before(batched));
    await together(run(batched));
    expect(await stored(batched)).toEqual(expected);

    // And those rows are what the run means: statuses moved, refused moves and another user's event ignored.
    const statuses = Object.fromEntries(expected.transactions.map((row) => [row.source_id, row.status]));
    expect(statuses).toEqual({
      t0: 'completed',
      t1: 'refunded',
      t2: 'completed',
      t3: 'completed',
      t4: 'refunded',
      t5: 'refunded',
      t6: 'completed',
      t7: 'completed',
      stored: 'completed',
    });
    expect(expected.transactions.find((row) => row.source_id === 't1')).toMatchObject({ user_id: 'a' });
    expect(expected.transactions.find((row) => row.source_id === 't5')).toMatchObject({ customer_ref: 'cus_0001' });
    const structuring = expected.screenings.filter((record) => record.rule === 'structuring');
    expect(structuring.map(({ source_id, status }) => [source_id, status])).toEqual([
      ['t0', 'cleared'],
      ['t1', 'cleared'],
      ['t2', 'review'],
      ['t3', 'review'],
    ]);
    expect(expected.screenings.filter((record) => record.source_id === 't4').map(({ rule }) => rule)).toEqual([
      'enhanced_due_diligence',
      'large_transaction',
    ]);
  });

  it('leaves nothing of a run when one of its events cannot be stored', async () => {
    const ids = freshIds();
    await one(before(ids));
    const earlier = await stored(ids);
    const events = run(ids);
    // More than the amount column holds (its bounds keep a real event within it).
    events.splice(7, 0, recorded(ids.b, randomUUID(), 'completed', 17, '99999999999999999.00'));
    await expect(together(events)).rejects.toThrow(/numeric field overflow/);
    expect(await stored(ids)).toEqual(earlier);
  });
});
