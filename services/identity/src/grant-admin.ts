import { parseConfig } from '@app/platform';
import { Client } from 'pg';
import { identityConfigSchema } from './config';

/** The roles this command grants: `admin` (the admin endpoints) and `support` (the support queue). */
const grantableRoles = ['admin', 'support'] as const;
const usage = 'usage: npm run grant-admin -w services/identity -- <email> [--role admin|support] [--revoke]';

/**
 * Grants (or with --revoke takes back) a role that identity puts in the session token's `role`
 * claim: `admin` (the default; the admin endpoints require it) or `support` (the support queue,
 * /api/support/*, which admins may use too). A user holds one role; granting replaces it, and
 * revoking returns the user to `user` only when they hold the named role. It applies from the
 * user's next sign-in or token refresh (access tokens live 15 minutes).
 *   npm run grant-admin -w services/identity -- ops@example.com [--role support] [--revoke]
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const roleIndex = args.indexOf('--role');
  const role = roleIndex >= 0 ? args[roleIndex + 1] : 'admin';
  const email = args.find((arg, index) => !arg.startsWith('--') && index !== roleIndex + 1);
  if (!email || !grantableRoles.includes(role as (typeof grantableRoles)[number])) {
    console.error(usage);
    process.exit(2);
  }
  const revoke = args.includes('--revoke');
  const client = new Client({ connectionString: parseConfig(identityConfigSchema).DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string; role: string }>(
      revoke
        ? `UPDATE identity.users SET role = 'user' WHERE lower(email) = lower($1) AND role = $2 RETURNING id, email, role`
        : 'UPDATE identity.users SET role = $2 WHERE lower(email) = lower($1) RETURNING id, email, role',
      [email, role],
    );
    const [user] = rows;
    if (!user) {
      console.error(revoke ? `no account with e-mail ${email} and role ${role}` : `no account with e-mail ${email}`);
      process.exitCode = 1;
      return;
    }
    console.warn(
      `${user.email} (${user.id}) now has role ${user.role}; it applies from the next sign-in or token refresh`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
