#!/usr/bin/env node
// Lists the open dead letters of every service (the events a consumer gave up on; docs/events.md).
//   node scripts/dead-letters.mjs [dev|test] [--all]      (make dead-letters)
// Replay after a fix goes through the service, as an admin: POST /api/admin/{service}/dead-letters/{id}/replay,
// or .../dead-letters/replay for all of a service's open ones.
import pg from 'pg';

const args = process.argv.slice(2);
const profile = args.find((arg) => !arg.startsWith('--')) ?? 'dev';
const all = args.includes('--all');
const database = { dev: 'platform', test: 'platform_e2e' }[profile];
if (!database) {
  console.error(`dead-letters: unknown profile ${profile} (dev or test)`);
  process.exit(2);
}

const db = new pg.Client({
  connectionString: process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`,
});
await db.connect();
try {
  const { rows: schemas } = await db.query(
    "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'dead_letters' ORDER BY 1",
  );
  let open = 0;
  for (const { schema } of schemas) {
    const { rows } = await db.query(
      `SELECT id, consumer, type, event_id, attempts, last_failed_at, replayed_at, left(error, 160) AS error
         FROM "${schema}".dead_letters ${all ? '' : 'WHERE replayed_at IS NULL'} ORDER BY last_failed_at DESC LIMIT 200`,
    );
    const openHere = rows.filter((row) => !row.replayed_at).length;
    open += openHere;
    if (rows.length === 0) continue;
    console.log(`${schema}: ${openHere} open`);
    for (const row of rows) {
      console.log(
        `  ${row.id}  ${row.type ?? '?'} ${row.event_id ?? '(no id)'}  ${row.attempts} attempt(s), last ${row.last_failed_at.toISOString()}${row.replayed_at ? `, replayed ${row.replayed_at.toISOString()}` : ''}`,
      );
      console.log(`    ${row.error}`);
    }
  }
  console.log(
    open === 0
      ? `No open dead letters (${database}).`
      : `${open} open dead letter(s). After a fix, replay as an admin: POST /api/admin/{service}/dead-letters/{id}/replay (or /replay for all).`,
  );
} finally {
  await db.end();
}
