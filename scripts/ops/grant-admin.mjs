#!/usr/bin/env node
// Grants (or with --revoke takes back) the `admin` role of an account: the role identity puts in
// the session token's `role` claim, which the affiliate admin endpoints require. It takes effect
// at the user's next sign-in or token refresh (access tokens live 15 minutes).
//   DATABASE_URL=postgres://... node scripts/ops/grant-admin.mjs ops@example.com [--revoke]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((arg) => !arg.startsWith('--'));
if (!email) {
  console.error('usage: node scripts/ops/grant-admin.mjs <email> [--revoke]');
  process.exit(2);
}

const client = new Client({
  connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platform',
});
await client.connect();
try {
  const { rows } = await client.query(
    'UPDATE identity.users SET role = $2 WHERE lower(email) = lower($1) RETURNING id, email, role',
    [email, revoke ? 'user' : 'admin'],
  );
  if (rows.length === 0) {
    console.error(`no account with e-mail ${email}`);
    process.exitCode = 1;
  } else {
    console.log(
      `${rows[0].email} (${rows[0].id}) now has role ${rows[0].role}; it applies from the next sign-in or token refresh`,
    );
  }
} finally {
  await client.end();
}
