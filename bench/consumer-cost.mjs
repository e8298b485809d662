#!/usr/bin/env node
// What applying TransactionRecorded costs one of the three services that keep a read model of
// every ingested payment (issue 22): chat-support (the account context), analytics (transactions,
// rollups, channels, customers, spend bands, AML records), reports-ai (transactions, screenings).
// Feeds --count events through the service's own EventConsumer (its batch path, as Kafka's
// fetches reach it: --batch messages a fetch, shared transactions, inbox rows in one statement)
// with the service's handler and repository from its dist build (npx tsc -b services/<service>
// first; --dist <a copy of an older dist/src> to compare). Kafka is not involved: the batches are
// handed to the consumer directly.
//
// The stream (--seed repeats it): --users merchants in turn, each with --customers customers who
// come back (70% of the payments name one); --updates of the events (default 20%) report a later
// status of a transaction seen before (pending to completed, failed or refunded, failed to
// completed, completed to refunded); new ones are 25% pending, 70% completed, 5% failed, mostly
// USD with some NZD and EUR, spread over 90 days, and about 3% reach an AML rule (large,
// enhanced due diligence, the structuring band). --updates 0 --customers 0 is a new transaction
// each with no customer, the stream chat-support was first measured with.
//
// Prints per event: the statements sent (counted at pg's Client#query, so BEGIN/COMMIT and the
// inbox's share included), the Node CPU of this process and the Postgres CPU of its backends
// (/proc, so Postgres must run on this machine), events/s, and the load average before and after.
// Not part of `make bench`.
//   node bench/consumer-cost.mjs --service chat-support|analytics|reports-ai [--count 3000] [--users 300]
//        [--customers 40] [--updates 0.2] [--batch 500] [--seed 1] [--dist <a dist/src to compare>]
//        [--database postgres://postgres@127.0.0.1:5432/platform_bench_consumer_cost]
import { randomUUID } from 'node:crypto';
import { createRequire, Module as NodeModule } from 'node:module';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { cpuTicksOf, TICKS_PER_SECOND } from './proc.mjs';

const services = {
  'chat-support': {
    entities: ['entities', 'chatSupportDatabase'],
    providers: [
      ['account/transaction-recorded.handler', 'TransactionRecordedHandler'],
      ['account/account-context.service', 'AccountContextService'],
      ['account/account-context.repository', 'AccountContextRepository'],
    ],
    rows: 'chat_support.account_transactions',
  },
  analytics: {
    entities: ['entities', 'analyticsDatabase'],
    providers: [
      ['transactions/transaction-events.handlers', 'TransactionRecordedHandler'],
      ['transactions/read-model.repository', 'ReadModelRepository'],
    ],
    rows: 'analytics.transactions',
  },
  'reports-ai': {
    entities: ['entities', 'reportsDatabase'],
    providers: [
      ['read-model/transaction-events.handler', 'TransactionRecordedHandler'],
      ['read-model/read-model.repository', 'ReadModelRepository'],
    ],
    rows: 'reports.transactions',
  },
};

const { values: options } = parseArgs({
  options: {
    service: { type: 'string' },
    count: { type: 'string', default: '3000' },
    users: { type: 'string', default: '300' },
    customers: { type: 'string', default: '40' },
    updates: { type: 'string', default: '0.2' },
    batch: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    dist: { type: 'string' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_bench_consumer_cost' },
  },
});
const service = services[options.service];
if (!service) {
  console.error(`--service ${Object.keys(services).join('|')} is required`);
  process.exit(2);
}
const count = Number(options.count);
const users = Number(options.users);
const customersPerUser = Number(options.customers);
const updateShare = Number(options.updates);
const batchSize = Number(options.batch);
const loadAverage = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

// A dist copied out of the repository (--dist /tmp/...) resolves its packages from the repository's node_modules.
const repoModules = new URL('../node_modules', import.meta.url).pathname;
process.env.NODE_PATH = [repoModules, process.env.NODE_PATH].filter(Boolean).join(':');
NodeModule._initPaths();
const require = createRequire(import.meta.url);

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
const { eventCatalog, EventHeader, nzdPerUsd } = require('@app/contracts');
const { baseConfigSchema, EventConsumer, PlatformModule } = require('@app/platform');
const dist = options.dist ?? new URL(`../services/${options.service}/dist/src`, import.meta.url).pathname;
const database = require(`${dist}/${service.entities[0]}`)[service.entities[1]];
const providers = service.providers.map(([file, name]) => require(`${dist}/${file}`)[name]);

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
      database,
      events: { handlers: [providers[0]] },
      env: {
        ...process.env,
        DATABASE_URL: options.database,
        KAFKA_TOPIC_PREFIX: `bench-consumer-cost-${randomUUID().slice(0, 8)}.`,
        SERVICE_NAME: options.service,
        PORT: '0',
        LOG_LEVEL: 'error',
      },
    }),
  ],
  providers,
})(BenchModule);

const app = await NestFactory.createApplicationContext(BenchModule, { logger: ['error'] });
await app.init();
const consumer = app.get(EventConsumer);
consumer.running = true;
const dataSource = app.get(getDataSourceToken());

// The stream, from a seeded generator (mulberry32) so old and new builds apply the same events.
let seed = Number(options.seed) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const uuid = () =>
  Array.from({ length: 16 }, () => Math.floor(random() * 256))
    .map((b, i) => (i === 6 ? (b & 0x0f) | 0x40 : i === 8 ? (b & 0x3f) | 0x80 : b).toString(16).padStart(2, '0'))
    .join('')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const userIds = Array.from({ length: users }, () => uuid());
const customerRefs = Array.from({ length: customersPerUser }, (_, i) => `cus_${String(i).padStart(4, '0')}`);
const laterStatus = {
  pending: ['completed', 'completed', 'completed', 'failed', 'refunded'],
  failed: ['completed'],
  completed: ['refunded'],
};
const usdAmount = () => {
  const roll = random();
  // About 3% reach an AML rule: enhanced due diligence, large, the structuring band (NZD 2,700-3,000).
  if (roll < 0.005) return 7_000 + random() * 20_000;
  if (roll < 0.02) return 2_000 + random() * 3_000;
  if (roll < 0.03) return (2_710 + random() * 280) / nzdPerUsd;
  return Math.exp(Math.log(5) + random() * Math.log(100));
};
const currencyRates = { USD: 1, NZD: nzdPerUsd, EUR: 0.92 };
const schema = eventCatalog.TransactionRecorded.schema;
const firstDay = (Math.floor(Date.now() / 86_400_000) - 90) * 86_400_000;
/** Transactions a later event may move on: their event, by transaction id. */
const open = [];
const messages = Array.from({ length: count }, (_, i) => {
  let event;
  if (open.length && random() < updateShare) {
    const at = Math.floor(random() * open.length);
    const earlier = open[at];
    const status = pick(laterStatus[earlier.status]);
    event = { ...earlier, status };
    if (laterStatus[status]) open[at] = event;
    else open.splice(at, 1);
  } else {
    const userId = userIds[i % users];
    const currency = pick(['USD', 'USD', 'USD', 'USD', 'USD', 'USD', 'NZD', 'NZD', 'EUR']);
    const roll = random();
    const status = roll < 0.25 ? 'pending' : roll < 0.95 ? 'completed' : 'failed';
    event = {
      userId,
      transactionId: uuid(),
      externalTransactionId: `ext-${i}`,
      type: 'fiat',
      amount: (usdAmount() * currencyRates[currency]).toFixed(2),
      currency,
      status,
      paymentMethod: pick(['card', 'card', 'card', 'bank_transfer', 'wallet']),
      country: pick(['NZ', 'NZ', 'AU', 'US', 'GB', '']),
      processor: pick(['stripe', 'stripe', 'square']),
      sourceKind: 'processor',
      integrationId: userId,
      customerRef: customersPerUser && random() < 0.7 ? pick(customerRefs) : '',
      occurredAt: new Date(firstDay + (i / count) * 90 * 86_400_000 + random() * 3_600_000),
    };
    if (laterStatus[status]) open.push(event);
  }
  return {
    key: Buffer.from(event.userId),
    offset: String(i),
    value: Buffer.from(toBinary(schema, create(schema, { ...event, occurredAt: timestampFromDate(event.occurredAt) }))),
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
  for (const { pid } of rows) ticks += cpuTicksOf(pid);
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
console.log(`${options.service} from ${dist}`);
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
const [{ rows }] = await dataSource.query(`SELECT count(*)::int AS rows FROM ${service.rows}`);
console.log(`after: ${loadAverage()}`);
console.log(
  `${applied} TransactionRecorded events applied in ${(wall / 1000).toFixed(2)} s ` +
    `(${Math.round(applied / (wall / 1000))}/s); ${rows} rows in ${service.rows}`,
);
console.log(`statements per event: ${(sent / applied).toFixed(2)} (all of them, BEGIN/COMMIT and inbox included)`);
console.log(`Node CPU per event: ${((cpu.user + cpu.system) / 1000 / applied).toFixed(3)} ms`);
console.log(
  `Postgres CPU per event: ${((ticks * (1000 / TICKS_PER_SECOND)) / applied).toFixed(3)} ms (backend ticks of 10 ms)`,
);
await app.close();
