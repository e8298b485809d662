#!/usr/bin/env node
// What applying TransactionRecorded costs chat-support (issue 22): the account context's share of
// every ingested payment. Feeds --count events (a new transaction each, --users users in turn, so
// every user soon holds the 5 kept and each new one trims the oldest) through the service's own
// EventConsumer (its batch path, as Kafka's fetches reach it: --batch messages a fetch, shared
// transactions, inbox rows in one statement) with the service's handler, service and repository
// from the dist build (npx tsc -b services/chat-support first). Kafka is not involved: the batches
// are handed to the consumer directly. Prints per event: the statements sent (counted at pg's
// Client#query, so BEGIN/COMMIT and the inbox's share included), the Node CPU of this process and
// the Postgres CPU of its backends (/proc, so Postgres must run on this machine), and the load
// average before and after. Not part of `make bench`.
//   node bench/chat-support-account.mjs [--count 3000] [--users 300] [--batch 500] [--dist <a dist/src to compare>]
//                                       [--database postgres://postgres@127.0.0.1:5432/platform_bench_chat_account]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '3000' },
    users: { type: 'string', default: '300' },
    batch: { type: 'string', default: '500' },
    dist: { type: 'string', default: new URL('../services/chat-support/dist/src', import.meta.url).pathname },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_bench_chat_account' },
  },
});
const count = Number(options.count);
const users = Number(options.users);
const batchSize = Number(options.batch);
const loadAverage = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

const pg = require('pg');
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements += 1;
  return query.apply(this, args);
};

const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { create, toBinary } = require('@bufbuild/protobuf');
const { timestampFromDate } = require('@bufbuild/protobuf/wkt');
const { eventCatalog, EventHeader } = require('@app/contracts');
const { baseConfigSchema, EventConsumer, PlatformModule } = require('@app/platform');
const dist = options.dist;
const { chatSupportDatabase } = require(`${dist}/entities`);
const { AccountContextRepository } = require(`${dist}/account/account-context.repository`);
const { AccountContextService } = require(`${dist}/account/account-context.service`);
const { TransactionRecordedHandler } = require(`${dist}/account/transaction-recorded.handler`);

const admin = new pg.Client({ connectionString: options.database.replace(/\/[^/]*$/, '/postgres') });
await admin.connect();
const name = new URL(options.database).pathname.slice(1);
await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();

class BenchModule {}
Module({
  imports: [
    PlatformModule.forService({
      config: baseConfigSchema,
      database: chatSupportDatabase,
      events: { handlers: [TransactionRecordedHandler] },
      env: {
        ...process.env,
        DATABASE_URL: options.database,
        KAFKA_TOPIC_PREFIX: `bench-chat-account-${randomUUID().slice(0, 8)}.`,
        SERVICE_NAME: 'chat-support',
        PORT: '0',
        LOG_LEVEL: 'error',
      },
    }),
  ],
  providers: [TransactionRecordedHandler, AccountContextService, AccountContextRepository],
})(BenchModule);

const app = await NestFactory.createApplicationContext(BenchModule, { logger: ['error'] });
await app.init();
const consumer = app.get(EventConsumer);
consumer.running = true;
const dataSource = app.get(getDataSourceToken());

const userIds = Array.from({ length: users }, () => randomUUID());
const schema = eventCatalog.TransactionRecorded.schema;
const started = Date.now() - count * 1000;
const messages = Array.from({ length: count }, (_, i) => {
  const userId = userIds[i % users];
  const event = create(schema, {
    userId,
    transactionId: randomUUID(),
    externalTransactionId: `ext-${i}`,
    type: 'fiat',
    amount: '129.90',
    currency: 'USD',
    status: 'completed',
    paymentMethod: 'card',
    country: 'NZ',
    processor: 'stripe',
    sourceKind: 'processor',
    integrationId: randomUUID(),
    occurredAt: timestampFromDate(new Date(started + i * 1000)),
  });
  return {
    key: Buffer.from(userId),
    offset: String(i),
    value: Buffer.from(toBinary(schema, event)),
    headers: {
      [EventHeader.Id]: randomUUID(),
      [EventHeader.Type]: 'TransactionRecorded',
      [EventHeader.OccurredAt]: new Date().toISOString(),
    },
  };
});

/** utime + stime (clock ticks, 100 a second) of the database's backends. */
const backendTicks = async () => {
  const rows = await dataSource.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  let ticks = 0;
  for (const { pid } of rows) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
};
const apply = async (from, to) => {
  for (let at = from; at < to; at += batchSize) {
    await consumer.consumeBatch({
      batch: { topic: 'TransactionRecorded', partition: 0, messages: messages.slice(at, Math.min(at + batchSize, to)) },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      commitOffsetsIfNecessary: async () => undefined,
      uncommittedOffsets: () => ({ topics: [] }),
      isRunning: () => true,
      isStale: () => false,
    });
  }
};

// A warm-up of a tenth (the pool's connections, the plans), not counted.
const warm = Math.floor(count / 10);
await apply(0, warm);
console.log(`before: ${loadAverage()}`);
const ticksBefore = await backendTicks();
const cpuBefore = process.cpuUsage();
const statementsBefore = statements;
const wallBefore = performance.now();
await apply(warm, count);
const wall = performance.now() - wallBefore;
const sent = statements - statementsBefore;
const cpu = process.cpuUsage(cpuBefore);
const ticks = (await backendTicks()) - ticksBefore;
const applied = count - warm;
const [{ rows }] = await dataSource.query('SELECT count(*)::int AS rows FROM chat_support.account_transactions');
console.log(`after: ${loadAverage()}`);
console.log(
  `${applied} TransactionRecorded events applied in ${(wall / 1000).toFixed(2)} s ` +
    `(${Math.round(applied / (wall / 1000))}/s); ${rows} transaction rows kept for ${users} users`,
);
console.log(`statements per event: ${(sent / applied).toFixed(2)} (all of them, BEGIN/COMMIT and inbox included)`);
console.log(`Node CPU per event: ${((cpu.user + cpu.system) / 1000 / applied).toFixed(3)} ms`);
console.log(`Postgres CPU per event: ${((ticks * 10) / applied).toFixed(3)} ms (backend ticks of 10 ms)`);
await app.close();
