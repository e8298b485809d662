#!/usr/bin/env node
// The event backbone under faults, against the running `test` stack (gateway :18080, database
// platform_e2e, topic prefix e2e.): a fresh merchant's signed deliveries go through the gateway to
// integrations at a steady rate while the Kafka broker is killed (SIGKILL) for 30 s and, later, the
// analytics service is killed (SIGKILL) and restarted; a handful of poison events (outside their
// bounds, or not protobuf at all) are written straight to the integrations topic among them, as a
// buggy producer would. Then it waits until the analytics read model has caught up and counts:
// every valid transaction in the read model exactly once with its final status, every poison event
// dead-lettered, and the time from the last delivery to a caught-up read model.
//   node bench/faults.mjs [--count 10000] [--rate 250] [--outage 30] [--seed N]
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog, EventHeader } from '@app/contracts';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { MerchantClient } from '../scripts/demo/account.mjs';
import { demoAccount, demoIntegrations } from '../scripts/demo/catalog.mjs';
import { checkOutcomes, deliverAll } from '../scripts/demo/deliver.mjs';
import { connectIntegrations } from '../scripts/demo/merchant.mjs';
import { buildDeliveries, defaultRates, finalStates } from '../scripts/demo/stream.mjs';
import { MACHINE } from './proc.mjs';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CATCH_UP_BUDGET_SECONDS = 120;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '250' },
    outage: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string' },
    'base-url': { type: 'string', default: 'http://localhost:18080' },
    'mail-url': { type: 'string', default: 'http://127.0.0.1:1080' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_e2e' },
    brokers: { type: 'string', default: '127.0.0.1:9092' },
    prefix: { type: 'string', default: 'e2e.' },
  },
});
const count = Number(options.count);
const rate = Number(options.rate);
const outageSeconds = Number(options.outage);
const seed = options.seed === undefined ? Math.floor(Math.random() * 0xffffffff) : Number(options.seed);
const format = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const started = performance.now();
const timeline = [];
const note = (what) => {
  timeline.push(`  ${seconds(started).padStart(6)} s  ${what}`);
  console.error(`  [${seconds(started)} s] ${what}`);
};

const client = new MerchantClient(options['base-url'], options['mail-url']);
const email = `faults-${Date.now()}@merchant.test`;
const { user } = await client.signInOrRegister(email, demoAccount.password, demoAccount.register);
const { targets } = await connectIntegrations(client, demoIntegrations);
const { deliveries, transactions } = buildDeliveries({ seed, count, unit: 'deliveries', rates: defaultRates });

// Poison: what no edge lets through, written to the topic directly and keyed like the merchant's
// own events, so they share a partition with valid ones.
const topic = `${options.prefix}${eventCatalog.TransactionRecorded.topic}`;
const schema = eventCatalog.TransactionRecorded.schema;
const poisonMessage = (kind) => {
  const id = randomUUID();
  const value =
    kind === 'garbage'
      ? Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])
      : Buffer.from(
          toBinary(
            schema,
            create(schema, {
              userId: user.id,
              transactionId: randomUUID(),
              externalTransactionId: `poison-${id}`,
              type: 'fiat',
              amount: kind === 'amount' ? '99999999999999999.99' : '1.00',
              currency: 'USD',
              status: 'completed',
              paymentMethod: 'card',
              processor: 'stripe',
              sourceKind: 'processor',
              integrationId: randomUUID(),
              occurredAt: timestampFromDate(new Date()),
              customerRef: kind === 'customer' ? 'x'.repeat(400) : '',
            }),
          ),
        );
  return {
    key: user.id,
    value,
    headers: {
      [EventHeader.Id]: id,
      [EventHeader.Type]: 'TransactionRecorded',
      [EventHeader.OccurredAt]: new Date().toISOString(),
    },
  };
};
const poisonKinds = ['customer', 'amount', 'garbage', 'customer', 'amount'];
// Before, during and after the broker's outage, and around the analytics crash.
const poisonAt = [0.05, 0.3, 0.6, 0.85, 0.95].map((share) => Math.floor(count * share));
const poisonIds = [];
const kafka = new Kafka({ clientId: 'bench-faults', brokers: options.brokers.split(','), logLevel: logLevel.NOTHING });
const producer = kafka.producer();
const sendPoison = async (kind) => {
  const message = poisonMessage(kind);
  poisonIds.push(message.headers[EventHeader.Id]);
  for (;;) {
    try {
      await producer.connect();
      await producer.send({ topic, messages: [message] });
      note(`poison event (${kind}) written to ${topic}`);
      return;
    } catch {
      await sleep(500);
    }
  }
};

// The faults, placed by progress: the broker dies early and comes back after the outage; analytics
// dies once the broker is back and the read model is catching up.
const kafkaDownAt = Math.floor(count * 0.1);
const analyticsDownAt = Math.floor(count * 0.8);
const faults = [];
const kafkaOutage = async () => {
  await run('bash', [join(root, 'scripts/infra/kafka.sh'), 'kill']);
  const killed = performance.now();
  note('Kafka broker killed (SIGKILL)');
  await sleep(outageSeconds * 1000);
  note(`Kafka broker restarting after ${outageSeconds} s (recovers its logs first)`);
  await run('bash', [join(root, 'scripts/infra/kafka.sh'), 'start']);
  note(`Kafka broker listening again, ${seconds(killed)} s after it was killed`);
};
const analyticsCrash = async () => {
  const pid = Number(readFileSync(join(root, '.local/run/test/analytics.pid'), 'utf8'));
  process.kill(pid, 'SIGKILL');
  // Gone before the launcher looks, or it would take the dying process for a running one.
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  note(`analytics service killed (SIGKILL, pid ${pid})`);
  const restarted = performance.now();
  await run('node', [join(root, 'scripts/launch.mjs'), 'up', 'test']);
  note(`analytics service restarted and healthy after ${seconds(restarted)} s`);
};

const db = new pg.Client({ connectionString: options.database });
await db.connect();
try {
  console.log(
    `Event backbone under faults (test stack, ${options['base-url']}), ${format(count)} deliveries at ${rate}/s, seed ${seed}, ${MACHINE}`,
  );
  let poisonNext = 0;
  const results = await deliverAll(deliveries, targets, {
    concurrency: Number(options.concurrency),
    retries: 0,
    ratePerSecond: rate,
    onProgress: (done) => {
      if (done === kafkaDownAt) faults.push(kafkaOutage());
      if (done === analyticsDownAt) faults.push(analyticsCrash());
      while (poisonNext < poisonAt.length && done >= poisonAt[poisonNext])
        faults.push(sendPoison(poisonKinds[poisonNext++]));
    },
  });
  const lastDelivery = performance.now();
  note(`last delivery answered (${format(deliveries.length)})`);
  await Promise.all(faults);
  const { counts } = checkOutcomes(deliveries, results);

  // Caught up: every distinct transaction in the read model with its final status, and every
  // poison event dead-lettered.
  const expected = {};
  for (const body of finalStates(deliveries).values()) expected[body.status] = (expected[body.status] ?? 0) + 1;
  const readModel = async () => {
    const rows = await db.query(
      'SELECT status, count(*)::int AS n FROM analytics.transactions WHERE user_id = $1 GROUP BY status',
      [user.id],
    );
    return Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
  };
  const deadLettered = async () =>
    (await db.query('SELECT count(*)::int AS n FROM analytics.dead_letters WHERE event_id = ANY($1)', [poisonIds]))
      .rows[0].n;
  const matches = (stored) =>
    Object.keys({ ...expected, ...stored }).every((s) => (expected[s] ?? 0) === (stored[s] ?? 0));
  let stored = await readModel();
  let dead = await deadLettered();
  while (
    !(matches(stored) && dead === poisonIds.length) &&
    performance.now() - lastDelivery < CATCH_UP_BUDGET_SECONDS * 1000
  ) {
    await sleep(250);
    [stored, dead] = [await readModel(), await deadLettered()];
  }
  const catchUp = (performance.now() - lastDelivery) / 1000;
  const caughtUp = matches(stored) && dead === poisonIds.length;
  note(caughtUp ? 'read model caught up' : 'read model did NOT catch up');

  // Exactly once: the rollups count each transaction once (a duplicate would count twice there,
  // the rows being unique), and no poison event reached the read model.
  const storedTotal = Object.values(stored).reduce((sum, n) => sum + n, 0);
  const rolledUp = (
    await db.query('SELECT coalesce(sum(tx_count), 0)::int AS n FROM analytics.daily_totals WHERE user_id = $1', [
      user.id,
    ])
  ).rows[0].n;
  // An applied event leaves an inbox row.
  const poisonApplied = (
    await db.query('SELECT count(*)::int AS n FROM analytics.inbox WHERE event_id = ANY($1::uuid[])', [poisonIds])
  ).rows[0].n;
  const lost = Math.max(0, transactions - storedTotal);
  const duplicated = Math.max(0, rolledUp - storedTotal) + Math.max(0, storedTotal - transactions);
  const statusText = (byStatus) =>
    ['completed', 'pending', 'failed', 'refunded'].map((s) => `${s} ${format(byStatus[s] ?? 0)}`).join(', ');

  console.log('  timeline');
  for (const line of timeline) console.log(line);
  console.log(
    `  deliveries               ${format(deliveries.length)} answered: ${format(counts.recorded)} recorded, ${format(counts.updated)} updated, ${format(counts.duplicate)} duplicate, ${format(counts.failed)} not 2xx`,
  );
  console.log(
    `  read model               ${format(storedTotal)} of ${format(transactions)} distinct transactions (${statusText(stored)})${matches(stored) ? '' : `; expected ${statusText(expected)}`}`,
  );
  console.log(`  lost                     ${format(lost)}`);
  console.log(`  duplicated               ${format(duplicated)} (rollups count ${format(rolledUp)})`);
  console.log(
    `  poison events            ${poisonIds.length} written, ${dead} dead-lettered, ${poisonApplied} applied`,
  );
  console.log(
    `  caught up                ${catchUp.toFixed(1)} s after the last delivery (budget ${CATCH_UP_BUDGET_SECONDS} s, ratio ${(catchUp / CATCH_UP_BUDGET_SECONDS).toFixed(2)})`,
  );
  const ok = caughtUp && counts.failed === 0 && lost === 0 && duplicated === 0 && poisonApplied === 0;
  console.log(`  exactly once             ${ok ? 'yes' : 'NO'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await producer.disconnect().catch(() => undefined);
  await db.end();
}
