import { roleOf, runMigrations, type ServiceDatabaseOptions } from '@app/platform';
import { Client } from 'pg';
import { bodyOf, query, startApp, uniqueEmail, waitFor } from '../../test-support';
import { affiliateDatabase } from '../../services/affiliate/src/entities';
import { analyticsDatabase } from '../../services/analytics/src/entities';
import { billingDatabase } from '../../services/billing/src/entities';
import { chatSupportDatabase } from '../../services/chat-support/src/entities';
import { cryptoDatabase } from '../../services/crypto-escrow/src/entities';
import { identityDatabase } from '../../services/identity/src/entities';
import { integrationsDatabase } from '../../services/integrations/src/entities';
import { profileDatabase } from '../../services/profile/src/entities';
import { reportsDatabase } from '../../services/reports-ai/src/entities';
import { tokenizationDatabase } from '../../services/tokenization/src/entities';

// Each service connects to Postgres as its own role, which reaches its own schema only: what a
// compromised service (or one with an injection bug) could read of the others' data is nothing.
// The migration step (the Helm Job, or a service's start with DATABASE_ADMIN_URL) creates the
// roles as the admin user, here the test database's postgres.

const services: ServiceDatabaseOptions[] = [
  identityDatabase,
  profileDatabase,
  chatSupportDatabase,
  billingDatabase,
  integrationsDatabase,
  affiliateDatabase,
  analyticsDatabase,
  cryptoDatabase,
  reportsDatabase,
  tokenizationDatabase,
];
const adminUrl = process.env.DATABASE_URL!;

/** The test database's URL as `role` (the machine's Postgres trusts local connections). */
const urlAs = (role: string) => Object.assign(new URL(adminUrl), { username: role, password: '' }).toString();

/** Runs `work` on a connection as the role of `schema`. */
async function asRole<T>(schema: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: urlAs(roleOf(schema)) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The Postgres error a statement fails with (or a failure if it succeeds). */
async function refusal(client: Client, sql: string): Promise<{ code: string; message: string }> {
  try {
    await client.query(sql);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error(`${sql} succeeded`);
}

describe('database roles: each service reaches its own schema only', () => {
  beforeAll(async () => {
    // The migration step as the cluster runs it: admin URL, and the service's role URL.
    for (const service of services) {
      await runMigrations({ DATABASE_ADMIN_URL: adminUrl, DATABASE_URL: urlAs(roleOf(service.schema)) }, service);
    }
  });

  it("each role reads and writes its own tables and cannot select from any other service's schema", async () => {
    for (const own of services) {
      await asRole(own.schema, async (client) => {
        await client.query(`SELECT count(*) FROM ${own.schema}.outbox`);
        // Privileges are checked before any row is touched.
        await client.query(`INSERT INTO ${own.schema}.inbox SELECT * FROM ${own.schema}.inbox WHERE false`);
        await client.query(`UPDATE ${own.schema}.outbox SET published_at = now() WHERE false`);
        await client.query(`DELETE FROM ${own.schema}.inbox WHERE false`);

        for (const other of services.filter((service) => service !== own)) {
          const error = await refusal(client, `SELECT * FROM ${other.schema}.outbox LIMIT 1`);
          expect({ as: own.schema, code: error.code, message: error.message }).toEqual({
            as: own.schema,
            code: '42501',
            message: `permission denied for schema ${other.schema}`,
          });
        }
      });
    }
    // Not even the table that holds password hashes and refresh tokens of identity.
    await asRole('profile', async (client) => {
      expect((await refusal(client, 'SELECT password_hash FROM identity.users')).code).toBe('42501');
    });
  });

  it('a role creates nothing: no tables in its schema, nothing in public, no temporary tables', async () => {
    await query('CREATE TABLE IF NOT EXISTS public.roles_probe (x int)');
    await query('GRANT SELECT ON public.roles_probe TO PUBLIC');
    try {
      await asRole('billing', async (client) => {
        expect(await refusal(client, 'CREATE TABLE billing.smuggled (x int)')).toMatchObject({ code: '42501' });
        expect(await refusal(client, 'CREATE TABLE public.smuggled (x int)')).toMatchObject({ code: '42501' });
        expect(await refusal(client, 'CREATE TEMPORARY TABLE smuggled (x int)')).toMatchObject({ code: '42501' });
        // `public` is closed even where a table in it is granted to everyone.
        expect(await refusal(client, 'SELECT * FROM public.roles_probe')).toMatchObject({
          code: '42501',
          message: 'permission denied for schema public',
        });
      });
    } finally {
      await query('DROP TABLE public.roles_probe');
    }
  });

  it('a service runs on its role: migrated at start with the admin URL, every query of its own as the role', async () => {
    // A service reads its configuration when its module loads: load it with the role's URL.
    const saved = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_ADMIN_URL: process.env.DATABASE_ADMIN_URL };
    Object.assign(process.env, { DATABASE_URL: urlAs('chat_support'), DATABASE_ADMIN_URL: adminUrl });
    let chatSupport: typeof import('../../services/chat-support/src/app.module');
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, after the env is set
      chatSupport = require('../../services/chat-support/src/app.module');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const { AppModule } = chatSupport;
    const { app, url } = await startApp(AppModule);
    try {
      const email = uniqueEmail('roles');
      const response = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Aroha Ngata',
          email,
          company: 'Kauri Coffee Roasters',
          subject: 'Annual billing',
          category: 'business',
          message: 'How does annual billing work for the Growth plan?',
        }),
      });
      expect(response.status).toBe(201);
      const { ticketId } = await bodyOf<{ ticketId: string }>(response);
      // Stored (its number is a bigserial: the role uses its sequences) and published by the relay (an UPDATE).
      const tickets = 'SELECT count(*)::int AS n FROM chat_support.support_tickets WHERE email = $1';
      expect(await query(tickets, [email])).toEqual([{ n: 1 }]);
      const published = 'SELECT 1 FROM chat_support.outbox WHERE key = $1 AND published_at IS NOT NULL';
      await waitFor(async () => (await query(published, [ticketId])).length, 20_000, 'ContactReceived published');

      const users = await query<{ usename: string }>(
        `SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'chat_support'`,
      );
      expect(users).toEqual([{ usename: 'chat_support' }]);
    } finally {
      await app.close();
    }
  });
});
