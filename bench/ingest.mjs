#!/usr/bin/env node
// Transaction ingestion end to end, against the running `test` stack (gateway :18080, database
// platform_e2e): a fresh merchant connects the demo's six integrations through the API, then
// signed deliveries go through the gateway to the integrations service with 32 in flight:
// distinct transactions, their later status updates (pending -> completed, refunds) and a slice
// of redeliveries (some racing the original). Then it checks that nothing was lost: every delivery
// answered 2xx with the expected outcome, Postgres holds exactly one row per distinct transaction
// with its final status, and the outbox relay publishes every TransactionRecorded.
//   node bench/ingest.mjs [--count 100000] [--concurrency 32] [--seed N] [--base-url http://localhost:18080]
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MerchantClient } from '../scripts/demo/account.mjs';
import { demoAccount, demoIntegrations } from '../scripts/demo/catalog.mjs';
import { checkOutcomes, deliverAll, progressPrinter } from '../scripts/demo/deliver.mjs';
import { connectIntegrations } from '../scripts/demo/merchant.mjs';
import { buildDeliveries, defaultRates, finalStates } from '../scripts/demo/stream.mjs';
import { CORES, cpuTicksOf, MACHINE, machineBusyMs, TICKS_PER_SECOND } from './proc.mjs';

const TARGET_PER_SECOND = 1000;
const DRAIN_BUDGET_SECONDS = 120;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string' },
    'base-url': { type: 'string', default: 'http://localhost:18080' },
    'mail-url': { type: 'string', default: 'http://127.0.0.1:1080' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_e2e' },
  },
});
const count = Number(options.count);
const concurrency = Number(options.concurrency);
const seed = options.seed === undefined ? Math.floor(Math.random() * 0xffffffff) : Number(options.seed);
const format = (n) => Math.round(n).toLocaleString('en-US');

const client = new MerchantClient(options['base-url'], options['mail-url']);
const email = `bench-${Date.now()}@merchant.test`;
const { user } = await client.signInOrRegister(email, demoAccount.password, demoAccount.register);
const { targets } = await connectIntegrations(client, demoIntegrations);

const { deliveries, transactions } = buildDeliveries({
  seed,
  count,
  unit: 'transactions',
  rates: { ...defaultRates, replayed: 0.02 },
});
const kinds = { first: 0, update: 0, replay: 0 };
for (const delivery of deliveries) kinds[delivery.kind]++;
console.log(
  `Ingestion through the gateway (${options['base-url']}), ${concurrency} in flight, seed ${seed}, ${MACHINE} (load generator included)`,
);
console.log(
  `  ${format(deliveries.length)} deliveries: ${format(kinds.first)} new transactions, ${format(kinds.update)} status updates, ${format(kinds.replay)} redeliveries`,
);

const db = new pg.Client({ connectionString: options.database });
await db.connect();
const outboxCount = async (where) =>
  Number(
    (
      await db.query(
        `SELECT count(*) AS n FROM integrations.outbox WHERE type = 'TransactionRecorded' AND key = $1 ${where}`,
        [user.id],
      )
    ).rows[0].n,
  );

/**
 * Where the CPU goes: user+system time (/proc/<pid>/stat, in clock ticks of 10 ms) of the processes
 * on the delivery's path, by role. Postgres backends are told apart by the schema each service
 * names as its application_name, so other work on the machine is left out, and the backends of
 * the services consuming TransactionRecorded (analytics, reports, chat, integrations' own worker
 * shares its schema) are counted apart from the path. The whole machine's busy time over the same
 * window (/proc/stat) is printed too, with the Kafka broker and integrations' worker apart: what
 * the cores' ceiling is made of.
 */
const roles = [
  ['gateway', (cmd) => cmd.includes('gateway/dist/main.js')],
  ['integrations', (cmd) => cmd.includes('services/integrations/dist/src/main.js')],
  ['postgres for integrations', (cmd, app) => app?.startsWith('integrations')],
  ...['analytics', 'reports-ai', 'chat-support'].map((service) => [
    `consumer ${service}`,
    (cmd) => cmd.includes(`services/${service}/dist/src/main.js`),
  ]),
  ...['analytics', 'reports', 'chat_support'].map((schema) => [
    `postgres for ${schema}`,
    (cmd, app) => app?.startsWith(schema),
  ]),
];
/** Processes outside both, counted apart in the whole machine's figure. */
const others = [
  ['the Kafka broker', (cmd) => cmd.includes('kafka.Kafka')],
  ["integrations' worker", (cmd) => cmd.includes('services/integrations/dist/src/worker.js')],
];
const onPath = (role) => !role.startsWith('consumer ') && !/postgres for (analytics|reports|chat_support)/.test(role);
async function cpuTicks() {
  const backends = new Map(
    (await db.query(`SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database()`)).rows.map(
      (row) => [String(row.pid), row.application_name],
    ),
  );
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const role = [...roles, ...others].find(([, matches]) => matches(cmd, backends.get(pid)))?.[0];
      if (!role) continue;
      ticks.set(`${role}\0${pid}`, cpuTicksOf(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

try {
  const ticksBefore = await cpuTicks();
  const machineBefore = machineBusyMs();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const results = await deliverAll(deliveries, targets, {
    concurrency,
    retries: 0,
    onProgress: progressPrinter(deliveries.length, 'deliveries', (line) => console.error(line)),
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = deliveries.length / seconds;
  const ticksAfter = await cpuTicks();
  const machine = machineBusyMs() - machineBefore;
  const own = process.cpuUsage(ownBefore);
  const cpuByRole = new Map([...roles, ...others].map(([role]) => [role, 0]));
  for (const [key, after] of ticksAfter) {
    const role = key.split('\0')[0];
    cpuByRole.set(role, cpuByRole.get(role) + ((after - (ticksBefore.get(key) ?? 0)) * 1000) / TICKS_PER_SECOND);
  }
  cpuByRole.set('load generator (this script)', (own.user + own.system) / 1000);

  // The relay publishes in the background; time from the last answer until nothing is left.
  const backlog = await outboxCount('AND published_at IS NULL');
  const drainStarted = performance.now();
  let unpublished = backlog;
  while (unpublished > 0 && performance.now() - drainStarted < DRAIN_BUDGET_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    unpublished = await outboxCount('AND published_at IS NULL');
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;

  const { counts, mismatched, problems, distinct } = checkOutcomes(deliveries, results);
  const rows = await db.query(
    `SELECT status, count(*)::int AS n FROM integrations.integrated_transactions WHERE user_id = $1 GROUP BY status`,
    [user.id],
  );
  const stored = Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
  const storedTotal = Object.values(stored).reduce((sum, n) => sum + n, 0);
  const expected = {};
  for (const body of finalStates(deliveries).values()) expected[body.status] = (expected[body.status] ?? 0) + 1;
  const statusesMatch = Object.keys({ ...expected, ...stored }).every((s) => (expected[s] ?? 0) === (stored[s] ?? 0));
  const events = await outboxCount('');
  const expectedEvents = kinds.first + kinds.update;
  const lossFree =
    counts.failed === 0 &&
    mismatched === 0 &&
    storedTotal === transactions &&
    distinct === transactions &&
    statusesMatch &&
    events === expectedEvents &&
    unpublished === 0;

  const statusText = (byStatus) =>
    ['completed', 'pending', 'failed', 'refunded'].map((s) => `${s} ${format(byStatus[s] ?? 0)}`).join(', ');
  console.log(
    `  ingestion rate           ${format(rate).padStart(7)} deliveries/s   (${format(deliveries.length)} in ${seconds.toFixed(1)} s)   target ${TARGET_PER_SECOND}/s, ratio ${(rate / TARGET_PER_SECOND).toFixed(2)}`,
  );
  console.log(
    `  answers                  ${format(counts.recorded)} recorded, ${format(counts.updated)} updated, ${format(counts.duplicate)} duplicate, ${format(counts.failed)} not 2xx, ${format(mismatched)} transactions with unexpected outcomes`,
  );
  console.log(
    `  stored transactions      ${format(storedTotal)} of ${format(transactions)} distinct (${statusText(stored)})${statusesMatch ? '' : `; expected ${statusText(expected)}`}`,
  );
  console.log(
    `  TransactionRecorded      ${format(events)} of ${format(expectedEvents)} written; backlog ${format(backlog)} when the last answer came, ${format(unpublished)} unpublished after ${drainSeconds.toFixed(1)} s (budget ${DRAIN_BUDGET_SECONDS} s, ratio ${(drainSeconds / DRAIN_BUDGET_SECONDS).toFixed(2)})`,
  );
  const perDelivery = (ms) => ((ms * 1000) / deliveries.length).toFixed(0).padStart(5);
  /** Deliveries a second the machine's cores would carry at `ms` of CPU for the run. */
  const ceiling = (ms) => format((CORES * 1e6) / Math.max(1, (ms * 1000) / deliveries.length));
  const otherCpu = others.map(([role]) => [role, cpuByRole.get(role)]);
  others.forEach(([role]) => cpuByRole.delete(role));
  const pathCpu = [...cpuByRole].filter(([role]) => onPath(role));
  const pathTotal = pathCpu.reduce((sum, [, ms]) => sum + ms, 0);
  const consumers = [...cpuByRole].filter(([role]) => !onPath(role));
  const consumersTotal = consumers.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `  CPU per delivery         ${pathCpu.map(([role, ms]) => `${role} ${perDelivery(ms).trim()} µs`).join(', ')}: ${perDelivery(pathTotal).trim()} µs on the path, ${ceiling(pathTotal)}/s on ${CORES} cores if nothing else ran`,
  );
  console.log(
    `                           applying the events meanwhile: ${consumers.map(([role, ms]) => `${role} ${perDelivery(ms).trim()} µs`).join(', ')} (${perDelivery(consumersTotal).trim()} µs)`,
  );
  const rest = machine - pathTotal - consumersTotal - otherCpu.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `  whole machine            ${perDelivery(machine).trim()} µs per delivery (${ceiling(machine)}/s on ${CORES} cores): the path and the consumers above, ${otherCpu.map(([role, ms]) => `${role} ${perDelivery(ms).trim()} µs`).join(', ')}, everything else ${perDelivery(Math.max(0, rest)).trim()} µs`,
  );
  console.log(
    `  load average             ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end`,
  );
  console.log(`  no loss                  ${lossFree ? 'yes' : 'NO'}`);
  for (const problem of problems) console.log(`    ${problem}`);
  if (!lossFree) process.exitCode = 1;
} finally {
  await db.end();
}
