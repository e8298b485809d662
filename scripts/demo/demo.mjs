#!/usr/bin/env node
// The demo merchant: registers it through the public API (verifying its e-mail from the local
// mail sink), connects three payment processors and three POS locations, then signs and posts a
// seeded, reproducible year of transaction deliveries to their ingest URLs through the gateway.
//   node scripts/demo/demo.mjs [--count 5000] [--seed 20261122] [--concurrency 16]
//                              [--base-url http://localhost:8080] [--mail-url http://127.0.0.1:1080]
//                              [--email demo@merchant.test] [--password ...] [--if-empty]
// The same seed gives the same external transaction ids, so a re-run delivers duplicates, not new data.
// --if-empty does nothing when the merchant already exists with processors (what `make up` uses).
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MerchantClient } from './account.mjs';
import { demoAccount, demoIntegrations } from './catalog.mjs';
import { checkOutcomes, deliverAll, progressPrinter } from './deliver.mjs';
import { connectIntegrations, listOf } from './merchant.mjs';
import { buildDeliveries, finalStates } from './stream.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '20261122' },
    concurrency: { type: 'string', default: '16' },
    'base-url': { type: 'string', default: 'http://localhost:8080' },
    'mail-url': { type: 'string', default: 'http://127.0.0.1:1080' },
    email: { type: 'string', default: demoAccount.email },
    password: { type: 'string', default: demoAccount.password },
    'if-empty': { type: 'boolean', default: false },
  },
});
const count = Number(options.count);
const seed = Number(options.seed);
const concurrency = Number(options.concurrency);
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
  throw new Error('--seed must be an integer 0..4294967295');
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');

const baseUrl = options['base-url'].replace(/\/$/, '');
const { email, password } = options;
const client = new MerchantClient(baseUrl, options['mail-url']);
const format = (n) => n.toLocaleString('en-US');

const { created } = await client.signInOrRegister(email, password, demoAccount.register);
if (options['if-empty'] && !created) {
  const { processors } = await client.listIntegrations();
  if (listOf(processors).length > 0) {
    console.log(`Demo merchant ${email} already has data (sign in with password ${password}).`);
    process.exit(0);
  }
}
console.log(`Demo merchant ${email} ${created ? 'registered and verified' : 'signed in'} at ${baseUrl}`);

const stateFile = join(root, '.local/demo', `${new URL(baseUrl).port || 'default'}-${email}.json`);
const { targets } = await connectIntegrations(client, demoIntegrations, { stateFile, log: console.log });

const { deliveries, transactions } = buildDeliveries({ seed, count, unit: 'deliveries' });
console.log(
  `Delivering ${format(deliveries.length)} deliveries (${format(transactions)} transactions, seed ${seed}, ${concurrency} in flight)`,
);
const started = performance.now();
const results = await deliverAll(deliveries, targets, {
  concurrency,
  retries: 4,
  onProgress: progressPrinter(deliveries.length),
});
const seconds = (performance.now() - started) / 1000;
const { counts, mismatched, problems } = checkOutcomes(deliveries, results);

const byCurrency = {};
for (const { body, kind } of deliveries) {
  if (kind !== 'first') continue;
  const entry = (byCurrency[body.currency] ??= { transactions: 0 });
  entry.transactions++;
}
const revenue = {};
for (const body of finalStates(deliveries).values()) {
  if (body.status === 'completed') revenue[body.currency] = (revenue[body.currency] ?? 0) + Number(body.amount);
}

console.log(`Done in ${seconds.toFixed(1)} s: ${format(Math.round(deliveries.length / seconds))} deliveries/s`);
console.log(
  `  outcomes: ${format(counts.recorded)} recorded, ${format(counts.updated)} updated, ${format(counts.duplicate)} duplicate, ${format(counts.failed)} not accepted`,
);
console.log(
  `  transactions by currency: ${Object.entries(byCurrency)
    .map(([currency, { transactions: n }]) => `${currency} ${format(n)}`)
    .join(', ')}`,
);
console.log(
  `  completed revenue: ${Object.entries(revenue)
    .map(([currency, amount]) => `${currency} ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`)
    .join(', ')}`,
);
if (counts.duplicate === deliveries.length) {
  console.log(`  every delivery was a duplicate: seed ${seed} was delivered before, nothing new was stored`);
} else if (mismatched || counts.failed) {
  console.log(`  ${format(mismatched)} transactions answered differently than expected, e.g.:`);
  for (const problem of problems) console.log(`    ${problem}`);
}
try {
  const { body } = await client.call('GET', '/api/integrations/analytics');
  console.log(
    `  /api/integrations/analytics: ${body.activeIntegrations} active integrations, ${body.transactionsToday} transactions today, revenue today ${body.currency} ${body.revenueToday}`,
  );
} catch (error) {
  console.log(`  (analytics not available: ${error.message})`);
}
console.log(`Sign in at ${baseUrl}/login as ${email} with password ${password}`);
if (counts.failed) process.exitCode = 1;
