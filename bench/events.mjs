#!/usr/bin/env node
// Event latency from commit to a consumer's committed effect, through the real backbone: a writer
// process commits ProfileUpdated events to its outbox (one transaction each, with a row of its own
// state) at a steady rate; the outbox relay publishes them to Kafka; a consumer process applies
// each in its inbox transaction (inbox row + a row of its own; the events a fetch brought of a
// partition share one, their inbox rows written in one statement, and a run of them goes to the
// handler's handleAll, one statement for all their rows, as the services' transaction handlers
// take theirs) and notes when that transaction committed (the platform's after-commit hook).
// Both processes are small Nest apps on the platform
// (PlatformModule, dist build), with a database and topic prefix of their own. Times come from one
// clock (CLOCK_MONOTONIC, shared by the processes of the machine): the writer's, just after its
// commit returned; the consumer's, just after its inbox transaction committed. Prints p50, p99 and
// max at 200 and 1,000 events/s, and p99 against the 50 ms target, for two set-ups:
//   - same process: the writer's own relay publishes (woken in process by the commit);
//   - other process: the writer runs no relay, a relay process of the same schema publishes
//     (woken by Postgres NOTIFY, as replicas and workers are).
// Also printed: how long events took to reach the consumer's handler (relay, Kafka, the consumer's
// queue); the rest is the inbox transaction. The machine's load average is printed before and after.
//   node bench/events.mjs [--rates 200,1000] [--seconds 10] [--modes same,other]
//                         [--database postgres://postgres@127.0.0.1:5432/platform_bench_events]
// EVENTS_BENCH_PROFILE=writer|relay|consumer writes a CPU profile of that process to ./profiles.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MACHINE } from './proc.mjs';

const TARGET_P99_MS = 50;
/** The writer's transactions in flight at most (its pool holds 10 connections). */
const IN_FLIGHT = 6;
const WRITER_SCHEMA = 'events_bench_out';
const CONSUMER_SCHEMA = 'events_bench_in';
const self = fileURLToPath(import.meta.url);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const loadAverage = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { values: options } = parseArgs({
  options: {
    role: { type: 'string' },
    relay: { type: 'string', default: 'on' },
    rates: { type: 'string', default: '200,1000' },
    seconds: { type: 'string', default: '10' },
    modes: { type: 'string', default: 'same,other' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_bench_events' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0' },
    prefix: { type: 'string', default: `bench-events-${randomUUID().slice(0, 8)}.` },
  },
});

if (options.role) await child(options.role);
else await main();

// ---------------------------------------------------------------------------------------------
// The child processes: a writer (with or without its relay), a relay alone, a consumer.

async function child(role) {
  const require = createRequire(import.meta.url);
  const { Inject, Injectable, Module } = require('@nestjs/common');
  const { NestFactory } = require('@nestjs/core');
  const { getDataSourceToken } = require('@nestjs/typeorm');
  const { baseConfigSchema, OutboxService, PlatformModule, TransactionRunner } = require('@app/platform');

  const consumer = role === 'consumer';
  const schema = consumer ? CONSUMER_SCHEMA : WRITER_SCHEMA;
  // The state each side changes with its event: the writer's change, the consumer's effect.
  class CreateBenchTables1764892800900 {
    name = 'CreateBenchTables1764892800900';
    async up(runner) {
      await runner.query(`CREATE TABLE ${schema}.changes (id uuid PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`);
    }
    async down(runner) {
      await runner.query(`DROP TABLE ${schema}.changes`);
    }
  }

  const applied = [];
  class BenchHandler {
    eventType = 'ProfileUpdated';
    constructor(transactions) {
      this.transactions = transactions;
    }
    async handle(_event, { manager, eventId }) {
      const received = now();
      await manager.query(`INSERT INTO ${CONSUMER_SCHEMA}.changes (id) VALUES ($1)`, [eventId]);
      // The inbox transaction may hold other events too: the time is taken once it has committed.
      this.transactions.afterCommit(manager, () => applied.push([eventId, now(), received]));
    }
    // A run of consecutive events in one statement, as the services' transaction handlers apply
    // theirs (EventHandler.handleAll, docs/events.md).
    async handleAll(events, manager) {
      const received = now();
      const ids = events.map(({ context }) => context.eventId);
      await manager.query(`INSERT INTO ${CONSUMER_SCHEMA}.changes (id) SELECT unnest($1::uuid[])`, [ids]);
      this.transactions.afterCommit(manager, () => {
        const at = now();
        for (const id of ids) applied.push([id, at, received]);
      });
    }
  }
  Injectable()(BenchHandler);
  Inject(TransactionRunner)(BenchHandler, undefined, 0);

  class BenchModule {}
  Module({
    imports: [
      PlatformModule.forService({
        config: baseConfigSchema,
        database: { schema, entities: [], migrations: [CreateBenchTables1764892800900] },
        events: consumer ? { handlers: [BenchHandler] } : { relay: role !== 'writer' || options.relay === 'on' },
        env: { ...process.env, SERVICE_NAME: `events-bench-${role}`, PORT: '0', LOG_LEVEL: 'error' },
      }),
    ],
    providers: consumer ? [BenchHandler] : [],
  })(BenchModule);

  const app = await NestFactory.createApplicationContext(BenchModule, { logger: ['error'] });
  await app.init();
  const dataSource = app.get(getDataSourceToken());
  process.on('message', async (message) => {
    if (message.stop) {
      await app.close();
      process.exit(0);
    }
    if (message.run) process.send({ committed: await write(message.run) });
  });

  if (consumer) {
    setInterval(() => {
      if (applied.length > 0) process.send({ applied: applied.splice(0) });
    }, 100);
  }
  process.send({ ready: true });

  /** Commits `count` events at `rate` per second, each in its own transaction; returns [id, commit time]. */
  async function write({ rate, count }) {
    const outbox = app.get(OutboxService);
    const committed = [];
    const inFlight = new Set();
    const started = now();
    for (let i = 0; i < count; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - now();
      if (wait > 1) await sleep(wait);
      // As many transactions in flight as a service's requests would hold: the pool keeps
      // connections for the relay (a writer that queued thousands would starve it).
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const key = randomUUID();
      const commit = dataSource
        .transaction(async (manager) => {
          await manager.query(`INSERT INTO ${WRITER_SCHEMA}.changes (id) VALUES ($1)`, [key]);
          return outbox.publish(manager, 'ProfileUpdated', key, { userId: key, changedFields: ['bench'] });
        })
        .then((id) => committed.push([id, now()]))
        .finally(() => inFlight.delete(commit));
      inFlight.add(commit);
    }
    await Promise.all(inFlight);
    return { committed, seconds: (now() - started) / 1000 };
  }
}

// ---------------------------------------------------------------------------------------------
// The bench: starts the processes, drives the writer, matches commits to effects.

async function main() {
  const rates = options.rates.split(',').map(Number);
  const seconds = Number(options.seconds);
  const modes = options.modes.split(',');

  // A database of its own, so the bench never touches the dev or test data.
  const url = new URL(options.database);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const dbName = url.pathname.slice(1);
  if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount) {
    await admin.query(`CREATE DATABASE "${dbName}"`);
  }
  await admin.end();
  const db = new pg.Client({ connectionString: options.database });
  await db.connect();
  await db.query(`DROP SCHEMA IF EXISTS ${WRITER_SCHEMA} CASCADE`);
  await db.query(`DROP SCHEMA IF EXISTS ${CONSUMER_SCHEMA} CASCADE`);
  await db.end();

  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: options.database,
    REDIS_URL: options.redis,
    KAFKA_TOPIC_PREFIX: options.prefix,
    METRICS_PORT: '0',
    KAFKAJS_NO_PARTITIONER_WARNING: '1',
  };
  const children = [];
  const start = (role, extra = []) => {
    const worker = fork(self, ['--role', role, ...extra, '--database', options.database], {
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // EVENTS_BENCH_PROFILE=<role>: a CPU profile of that process in ./profiles.
      execArgv: process.env.EVENTS_BENCH_PROFILE === role ? ['--cpu-prof', '--cpu-prof-dir=profiles'] : [],
    });
    children.push(worker);
    return new Promise((resolve, reject) => {
      worker.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
      worker.on('message', (message) => message.ready && resolve(worker));
    });
  };
  const stop = async (worker) => {
    worker.removeAllListeners('exit');
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.send({ stop: true });
    await Promise.race([exited, sleep(10_000).then(() => worker.kill())]);
  };
  process.on('exit', () => children.forEach((worker) => worker.kill()));

  const consumer = await start('consumer');
  const appliedAt = new Map();
  const receivedAt = new Map();
  consumer.on('message', (message) =>
    message.applied?.forEach(([id, at, received]) => {
      appliedAt.set(id, at);
      receivedAt.set(id, received);
    }),
  );

  const run = async (writer, rate, count) => {
    const result = new Promise((resolve) => writer.once('message', (message) => resolve(message.committed)));
    writer.send({ run: { rate, count } });
    const { committed, seconds } = await result;
    const deadline = Date.now() + 30_000;
    while (committed.some(([id]) => !appliedAt.has(id)) && Date.now() < deadline) await sleep(100);
    const applied = committed.filter(([id]) => appliedAt.has(id));
    // Where the time goes: to the consumer's handler (relay, Kafka, the consumer's queue), then its commit.
    const sorted = (values) => values.sort((a, b) => a - b);
    const latencies = sorted(applied.map(([id, at]) => appliedAt.get(id) - at));
    const toHandler = sorted(applied.map(([id, at]) => receivedAt.get(id) - at));
    const at = (list, q) => list[Math.min(list.length - 1, Math.ceil(list.length * q) - 1)];
    return {
      count,
      achieved: count / seconds,
      lost: count - latencies.length,
      p50: at(latencies, 0.5),
      p99: at(latencies, 0.99),
      max: latencies[latencies.length - 1],
      toHandler: { p50: at(toHandler, 0.5), p99: at(toHandler, 0.99) },
    };
  };

  // No event applied at all (the broker away, say): the row says so instead of a number.
  const fmt = (ms) => (ms === undefined ? 'none applied' : `${ms.toFixed(1)} ms`);
  console.log(
    `Event latency, commit to the consumer's committed effect (Postgres outbox -> relay -> Kafka -> inbox), ${seconds} s per rate, ${MACHINE}`,
  );
  console.log(`(${loadAverage()})`);
  console.log('| relay | rate (achieved) | applied | p50 | p99 | max | p99 / 50 ms | reaching the handler p50 / p99 |');
  console.log('|---|---|---|---|---|---|---|---|');
  let failed = false;
  for (const mode of modes) {
    const relay = mode === 'other' ? await start('relay') : undefined;
    const writer = await start('writer', ['--relay', relay ? 'off' : 'on']);
    // Warm-up: topics created, the consumer in its group, connections open.
    await run(writer, 50, 50);
    for (const rate of rates) {
      const result = await run(writer, rate, Math.round(rate * seconds));
      const ratio = result.p99 === undefined ? Infinity : result.p99 / TARGET_P99_MS;
      if (result.lost > 0 || ratio >= 1) failed = true;
      console.log(
        `| ${mode === 'other' ? 'other process (NOTIFY)' : 'same process'} | ${rate}/s (${Math.round(result.achieved)} achieved) | ` +
          `${result.count - result.lost} of ${result.count} applied | ${fmt(result.p50)} | ${fmt(result.p99)} | ${fmt(result.max)} | ${ratio.toFixed(2)} | ` +
          `${fmt(result.toHandler.p50)} / ${fmt(result.toHandler.p99)} |`,
      );
    }
    await stop(writer);
    if (relay) await stop(relay);
  }
  await stop(consumer);
  console.log(`(${loadAverage()})`);
  process.exitCode = failed ? 1 : 0;
}
