#!/usr/bin/env node
// Report generation at volume, against the running `test` stack (gateway :18080, database
// platform_e2e): a merchant with 100,000 transactions over the last year in reports-ai's read model
// asks for a 1y financial report through the gateway; the bench times from the request to the
// report completed (figures over the year and the period before, the PDF and CSV rendered and
// stored) against the issue's 10 s budget, then downloads the PDF once.
// The read model rows are written straight into reports.transactions (as the event handlers would
// write them: USD amounts, statuses, processors, customers), so the bench measures generation, not
// ingestion (bench/ingest.mjs and bench/faults.mjs measure the event path). The session is minted
// with the stack's own signing key (.local/keys), as identity would.
//   node bench/reports.mjs [--transactions 100000]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { parseSigningKey, signAccessToken } from '@app/platform/tokens';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_SECONDS = 10;
const { values: options } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    'base-url': { type: 'string', default: 'http://127.0.0.1:18080' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/platform_e2e' },
  },
});
const count = Number(options.transactions);
const base = options['base-url'];

const { JWT_SIGNING_KEY } = JSON.parse(readFileSync(join(root, '.local/keys/test-signing-key.json'), 'utf8'));
const userId = randomUUID();
const cookie = `access_token=${await signAccessToken(
  { id: userId, email: `reports.${userId.slice(0, 8)}@example.test`, emailVerified: true, role: 'user' },
  parseSigningKey(JWT_SIGNING_KEY),
  3600,
)}`;

const db = new pg.Client({ connectionString: options.database });
await db.connect();
try {
  const seedStart = performance.now();
  // Spread over the last 365 days; 92% completed, 3% refunded, 4% failed, 1% pending; five
  // processors, four methods, 2,000 customers; amounts 5-2,000 USD.
  await db.query(
    `INSERT INTO reports.transactions (user_id, source, source_id, type, amount, currency, amount_usd, status,
       risk_level, risk_score, processor, country, payment_method, customer_ref, occurred_at)
     SELECT $1::uuid, 'integrations', $1::text || ':' || i, 'fiat', a, 'USD', a,
       CASE WHEN i % 100 < 92 THEN 'completed' WHEN i % 100 < 95 THEN 'refunded' WHEN i % 100 < 99 THEN 'failed' ELSE 'pending' END,
       'low', 10, (ARRAY['stripe','square','paypal','clover','shopify'])[1 + i % 5], 'NZ',
       (ARRAY['card','wallet','cash','bank_transfer'])[1 + i % 4], 'customer' || (i % 2000) || '@example.test',
       now() - ((i::double precision / $2::int) * interval '364 days') - interval '1 minute'
     FROM (SELECT i, round((5 + (i * 7919 % 199500) / 100.0)::numeric, 2) AS a FROM generate_series(1, $2::int) AS i) s`,
    [userId, count],
  );
  console.log(
    `${count.toLocaleString('en-US')} transactions written for one merchant in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const started = performance.now();
  const response = await fetch(`${base}/api/reports/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ type: 'financial', period: '1y' }),
  });
  if (response.status !== 201) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const { id } = await response.json();
  let report;
  for (;;) {
    report = await (await fetch(`${base}/api/reports/${id}`, { headers: { cookie } })).json();
    if (report.status === 'completed' || report.status === 'failed') break;
    if (performance.now() - started > 120_000) throw new Error('the report did not finish within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  if (report.status !== 'completed') throw new Error(`the report failed: ${report.error}`);
  const pdf = await fetch(`${base}/api/reports/download/${id}?format=pdf`, { headers: { cookie } });
  const bytes = (await pdf.arrayBuffer()).byteLength;
  const summary = report.data.summary;
  console.log(
    `1y financial report over ${count.toLocaleString('en-US')} transactions: completed in ${seconds.toFixed(2)} s ` +
      `(request to completed, polled every 100 ms); totalCount ${summary.totalCount}, totalVolume ${summary.totalVolume}; PDF ${(bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(`  time/budget ${(seconds / BUDGET_SECONDS).toFixed(2)} (budget ${BUDGET_SECONDS} s)`);
  if (seconds >= BUDGET_SECONDS) process.exitCode = 1;
} finally {
  // The merchant was the bench's own: its rows go (reports first: they reference nothing here).
  await db
    .query('DELETE FROM reports.report_files WHERE report_id IN (SELECT id FROM reports.reports WHERE user_id = $1)', [
      userId,
    ])
    .catch(() => undefined);
  await db.query('DELETE FROM reports.reports WHERE user_id = $1', [userId]).catch(() => undefined);
  await db.query('DELETE FROM reports.transactions WHERE user_id = $1', [userId]);
  await db.end();
}
