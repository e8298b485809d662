import { parseConfig } from '@app/platform';
import { Client } from 'pg';
import { identityConfigSchema } from './config';

/**
 * Grants (or with --revoke takes back) the `admin` role that identity puts in the session token's
 * `role` claim; the affiliate admin endpoints require it. It applies from the user's next
 * sign-in or token refresh (access tokens live 15 minutes).
 *   npm run grant-admin -w services/identity -- ops@example.com [--revoke]
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email) {
    console.error('usage: npm run grant-admin -w services/identity -- <email> [--revoke]');
    process.exit(2);
  }
  const client = new Client({ connectionString: parseConfig(identityConfigSchema).DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string; role: string }>(
      'UPDATE identity.users SET role = $2 WHERE lower(email) = lower($1) RETURNING id, email, role',
      [email, args.includes('--revoke') ? 'user' : 'admin'],
    );
    const [user] = rows;
    if (!user) {
      console.error(`no account with e-mail ${email}`);
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
