import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog } from '@app/contracts';
import type { EventOfBatch } from '@app/platform';
import { DataSource } from 'typeorm';
import { query, startApp, transactionRecordedFields } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { TransactionRecordedHandler } from '../src/account/transaction-recorded.handler';

// The consumer hands a partition's consecutive TransactionRecorded events to handleAll in one call:
// the account context it leaves (each account's newest 5 transactions, their statuses) must be
// what handle on each in turn leaves, several merchants and the same transaction's later statuses
// within one call included. handle is a run of one: each call reads back what the one before it
// wrote, where handleAll carries the rows from event to event in the fold's memory and writes them
// once at the end.

type Recorded = EventOfBatch<'TransactionRecorded'>;

const merchants = ['a', 'b', 'c', 'd'] as const;
const transactions = [
  ...['s1', 's2', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 'u1', 'u2', 'v1', 'w', 'x'],
  ...['y1', 'y2', 'y3', 'y4', 'y5'],
] as const;
type Ids = Record<(typeof merchants)[number] | (typeof transactions)[number], string>;

describe('chat-support: a run of TransactionRecorded events applied together', () => {
  let app: INestApplication;
  let dataSource: DataSource;
  let handler: TransactionRecordedHandler;
  const start = Date.now() - 3_600_000;

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

  /** A TransactionRecorded event of a transaction that happened `minute` after the start. */
  const recorded = (
    merchant: string,
    transactionId: string,
    status: string,
    minute: number,
    amount = '129.90',
  ): Recorded => ({
    event: create(
      eventCatalog.TransactionRecorded.schema,
      transactionRecordedFields({
        userId: merchant,
        transactionId,
        amount,
        currency: 'usd',
        status,
        occurredAt: timestampFromDate(new Date(start + minute * 60_000)),
      }),
    ),
    context: { eventId: randomUUID(), occurredAt: new Date() },
  });

  /** Stored before the run: two sales of a (one pending), c's pending sale w and d's sale x. */
  const before = (ids: Ids): Recorded[] => [
    recorded(ids.a, ids.s1, 'completed', 0),
    recorded(ids.a, ids.s2, 'pending', 1),
    recorded(ids.c, ids.w, 'pending', 0),
    recorded(ids.d, ids.x, 'completed', 2),
  ];

  /**
   * The run, merchants interleaved: seven more sales of a (t6 older than its newest five, t7 pushing
   * out t1 after t1 completed), s2 completed while still among a's newest and refunded once pushed
   * out (too old to come back); a reporting d's x (ignored) before five newer sales of d push it
   * out, after which b reports it (stored as b's); b's u1 through three statuses and u2 reported
   * twice; c's stored w completed, and its failed payment succeeding, then a late pending the
   * transitions refuse.
   */
  const run = (ids: Ids): Recorded[] => [
    recorded(ids.a, ids.t1, 'pending', 10),
    recorded(ids.b, ids.u1, 'pending', 10),
    recorded(ids.a, ids.t2, 'completed', 11),
    recorded(ids.a, ids.s2, 'completed', 1),
    recorded(ids.a, ids.t3, 'completed', 12),
    recorded(ids.c, ids.v1, 'failed', 5),
    recorded(ids.a, ids.t4, 'completed', 13),
    recorded(ids.b, ids.u1, 'completed', 10),
    recorded(ids.a, ids.t5, 'completed', 14),
    recorded(ids.a, ids.t1, 'completed', 10),
    recorded(ids.a, ids.s2, 'refunded', 1),
    recorded(ids.a, ids.x, 'refunded', 2),
    recorded(ids.c, ids.w, 'completed', 0),
    ...(['y1', 'y2', 'y3', 'y4', 'y5'] as const).map((y, index) => recorded(ids.d, ids[y], 'completed', 30 + index)),
    recorded(ids.b, ids.x, 'pending', 2, '75.00'),
    recorded(ids.b, ids.u2, 'completed', 20),
    recorded(ids.a, ids.t6, 'completed', 3),
    recorded(ids.b, ids.u2, 'completed', 20),
    recorded(ids.a, ids.t7, 'completed', 15),
    recorded(ids.c, ids.v1, 'completed', 5),
    recorded(ids.c, ids.v1, 'pending', 5),
    recorded(ids.b, ids.u1, 'refunded', 10),
  ];

  const one = (events: Recorded[]) =>
    dataSource.transaction(async (manager) => {
      for (const { event, context } of events) await handler.handle(event, { ...context, manager });
    });
  const together = (events: Recorded[]) => dataSource.transaction((manager) => handler.handleAll(events, manager));

  /** The merchants' accounts and transactions, ids replaced by the labels, so two runs with their own ids compare. */
  const stored = async (ids: Ids) => {
    const labels = new Map(Object.entries(ids).map(([label, id]) => [id, label]));
    const label = (id: string) => labels.get(id) ?? id;
    const users = merchants.map((merchant) => ids[merchant]);
    const accounts = await query<{ user_id: string }>(
      'SELECT user_id FROM chat_support.account_contexts WHERE user_id = ANY($1::uuid[])',
      [users],
    );
    const rows = await query<Record<string, unknown> & { user_id: string; source_id: string; status: string }>(
      `SELECT user_id, source, source_id, amount, currency, status, payment_method, processor, occurred_at
         FROM chat_support.account_transactions WHERE user_id = ANY($1::uuid[])`,
      [users],
    );
    return {
      accounts: accounts.map(({ user_id }) => label(user_id)).sort(),
      transactions: rows
        .map((row) => ({ ...row, user_id: label(row.user_id), source_id: label(row.source_id) }))
        .sort((x, y) => `${x.user_id}${x.source_id}`.localeCompare(`${y.user_id}${y.source_id}`)),
    };
  };

  it('leaves the account context applying the events one at a time leaves', async () => {
    const single = freshIds();
    await one(before(single));
    await one(run(single));
    const expected = await stored(single);

    const batched = freshIds();
    await one(before(batched));
    await together(run(batched));
    expect(await stored(batched)).toEqual(expected);

    // And that context is what the run means: a's newest five, later statuses applied, refused ones not.
    expect(expected.accounts).toEqual(['a', 'b', 'c', 'd']);
    expect(expected.transactions.map(({ user_id, source_id, status }) => [user_id, source_id, status])).toEqual([
      ['a', 't2', 'completed'],
      ['a', 't3', 'completed'],
      ['a', 't4', 'completed'],
      ['a', 't5', 'completed'],
      ['a', 't7', 'completed'],
      ['b', 'u1', 'refunded'],
      ['b', 'u2', 'completed'],
      ['b', 'x', 'pending'],
      ['c', 'v1', 'completed'],
      ['c', 'w', 'completed'],
      ['d', 'y1', 'completed'],
      ['d', 'y2', 'completed'],
      ['d', 'y3', 'completed'],
      ['d', 'y4', 'completed'],
      ['d', 'y5', 'completed'],
    ]);
    expect(expected.transactions.find((row) => row.source_id === 'x')).toMatchObject({ amount: '75.00' });
  });

  it('takes later statuses of a merchant whose id the events spell in capitals, one at a time and in a run', async () => {
    const statusOf = async (merchant: string, transactionId: string) =>
      (
        await query<{ status: string }>(
          'SELECT status FROM chat_support.account_transactions WHERE user_id = $1::uuid AND source_id = $2::uuid',
          [merchant, transactionId],
        )
      ).map(({ status }) => status);
    for (const apply of [one, together]) {
      const merchant = randomUUID().toUpperCase();
      const [sale, refund] = [randomUUID().toUpperCase(), randomUUID()];
      await apply([recorded(merchant, sale, 'pending', 0), recorded(merchant, refund, 'completed', 1)]);
      await apply([recorded(merchant, sale, 'completed', 0), recorded(merchant.toLowerCase(), refund, 'refunded', 1)]);
      expect(await statusOf(merchant, sale)).toEqual(['completed']);
      expect(await statusOf(merchant, refund)).toEqual(['refunded']);
    }
  });

  it('leaves nothing of a run when one of its events cannot be stored', async () => {
    const ids = freshIds();
    await one(before(ids));
    const earlier = await stored(ids);
    const events = run(ids);
    // b's newest sale, so it is written: an amount no numeric column takes (bounds keep real events to decimals).
    events.splice(3, 0, recorded(ids.b, randomUUID(), 'completed', 30, 'not an amount'));
    await expect(together(events)).rejects.toThrow(/numeric/);
    // b's account, which the run's first statement creates, is gone with the rest.
    expect(await stored(ids)).toEqual(earlier);
    expect(earlier.accounts).toEqual(['a', 'c', 'd']);
  });
});
