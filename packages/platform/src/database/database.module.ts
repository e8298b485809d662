import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type MixedList, type QueryRunner } from 'typeorm';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { InboxMessage } from '../events/inbox-message.entity';
import { OutboxMessage } from '../events/outbox-message.entity';
import { TransactionRunner } from './transaction-runner';
import { CreateDeadLetters1764892800000 } from './create-dead-letters.migration';
import { CreateEventTables1763769600000 } from './create-event-tables.migration';
import { DeadLettersByMessage1795824000000 } from './dead-letters-by-message.migration';
import { InboxRetention1795910400000 } from './inbox-retention.migration';

export interface ServiceDatabaseOptions {
  /** The Postgres schema this service owns; nobody else reads it. */
  schema: string;
  entities: MixedList<Function>;
  /** The service's own migrations; with the platform's (outbox, inbox, dead letters) they run in timestamp order. */
  migrations: Function[];
  /**
   * Postgres work_mem for the service's connections (e.g. '32MB'), for services whose reads sort
   * and hash large sets: below it those spill to disk. Each of the pool's connections may use it.
   */
  workMem?: string;
}

export function dataSourceOptions(url: string, options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: options.schema,
    entities: [...(options.entities as Function[]), OutboxMessage, InboxMessage],
    migrations: [
      CreateEventTables1763769600000,
      CreateDeadLetters1764892800000,
      DeadLettersByMessage1795824000000,
      InboxRetention1795910400000,
      ...options.migrations,
    ],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    extra: {
      max: 10,
      application_name: options.schema,
      ...(options.workMem ? { options: `-c work_mem=${options.workMem}` } : {}),
    },
  };
}

/** A service's own Postgres role: named after its schema, it reaches that schema only. */
export const roleOf = (schema: string): string => schema;

type DatabaseUrls = Pick<BaseConfig, 'DATABASE_URL' | 'DATABASE_ADMIN_URL'>;

const userOf = (url: string): string => decodeURIComponent(new URL(url).username);

/**
 * The URL a service's migrations run with: DATABASE_ADMIN_URL, else DATABASE_URL unless that
 * connects as the service's own role (which may create nothing: the migration step must run).
 */
export function migrationUrlOf(urls: DatabaseUrls, schema: string): string | undefined {
  if (urls.DATABASE_ADMIN_URL) return urls.DATABASE_ADMIN_URL;
  return userOf(urls.DATABASE_URL) === roleOf(schema) ? undefined : urls.DATABASE_URL;
}

const quoted = (identifier: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(identifier)) throw new Error(`not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
};

/** Runs a statement built server-side with format() (%I identifiers, %L literals: no quoting here). */
async function formatted(runner: QueryRunner, template: string, ...args: string[]): Promise<void> {
  const placeholders = args.map((_, i) => `$${i + 2}::text`).join(', ');
  const [{ sql }] = (await runner.query(`SELECT format($1::text, ${placeholders}) AS sql`, [template, ...args])) as {
    sql: string;
  }[];
  await runner.query(sql);
}

/** Role statements race with other databases' migrations on the same server (roles are global). */
async function retryingRace(statement: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      const race = code === '23505' || code === '42710' || /tuple concurrently updated/.test(message ?? '');
      if (!race || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The service's role and what it may reach: CONNECT on this database, USAGE on its own schema
 * (not CREATE), and (see grantTables) its tables and sequences. PUBLIC loses what Postgres grants it
 * by default on the database (CONNECT, TEMPORARY) and on the `public` schema, so a role reaches no
 * other schema. The password, when `runtimeUrl` connects as the role, is the one in that URL.
 */
async function provisionRole(runner: QueryRunner, schema: string, runtimeUrl: string): Promise<void> {
  const role = roleOf(schema);
  const password = decodeURIComponent(new URL(runtimeUrl).password);
  await retryingRace(async () => {
    const exists = ((await runner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])) as unknown[]).length;
    if (!exists) {
      await runner.query(
        `CREATE ROLE ${quoted(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS`,
      );
    }
    if (password && userOf(runtimeUrl) === role) await formatted(runner, 'ALTER ROLE %I PASSWORD %L', role, password);
  });
  // The database and the `public` schema are shared by every service: one migration at a time.
  await runner.query('SELECT pg_advisory_lock(hashtext($1))', ['migrate:database']);
  try {
    const database = await currentDatabase(runner);
    await formatted(runner, 'REVOKE ALL ON DATABASE %I FROM PUBLIC', database);
    await formatted(runner, 'GRANT CONNECT ON DATABASE %I TO %I', database, role);
    if (((await runner.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'public'`)) as unknown[]).length) {
      await runner.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', ['migrate:database']);
  }
  await runner.query(`REVOKE ALL ON SCHEMA ${quoted(schema)} FROM PUBLIC`);
  await runner.query(`GRANT USAGE ON SCHEMA ${quoted(schema)} TO ${quoted(role)}`);
  // Tables and sequences later migrations create (as this admin user) are the role's too.
  await runner.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${quoted(schema)} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${quoted(role)}`,
  );
  await runner.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${quoted(schema)} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${quoted(role)}`,
  );
}

const currentDatabase = async (runner: QueryRunner): Promise<string> =>
  ((await runner.query('SELECT current_database() AS name')) as { name: string }[])[0]!.name;

/** The role's rights on what already exists (tables created before the role, or by another user). */
async function grantTables(runner: QueryRunner, schema: string): Promise<void> {
  const [on, to] = [quoted(schema), quoted(roleOf(schema))];
  await runner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${on} TO ${to}`);
  await runner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${on} TO ${to}`);
}

/**
 * With the admin connection `dataSource`: creates the schema and the service's role, applies
 * pending migrations and grants the role its tables, under an advisory lock, so the API and its
 * worker may start together. `runtimeUrl` is the service's own connection (its role's password).
 */
export async function migrate(dataSource: DataSource, schema: string, runtimeUrl: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(schema)}`);
    await provisionRole(runner, schema, runtimeUrl);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await grantTables(runner, schema);
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** The service's migrations not applied in the database yet (all of them before the first run). */
export async function pendingMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  const names = dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
  const applied = new Set(
    ((await dataSource.query(`SELECT name FROM ${quoted(schema)}.migrations`)) as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  return names.filter((name) => !applied.has(name));
}

/** How long a service that may not migrate waits for the migration step before it gives up. */
export const MIGRATION_WAIT_MS = 60_000;

/**
 * A service connected as its own role cannot migrate: it waits until the migration step (the
 * API's start, or the Helm Job) has applied every migration it knows, then serves.
 */
async function awaitMigrations(dataSource: DataSource, schema: string, timeoutMs = MIGRATION_WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem: string;
    try {
      const pending = await pendingMigrations(dataSource, schema);
      if (pending.length === 0) return;
      problem = `${pending.length} pending (${pending.join(', ')})`;
    } catch (error) {
      problem = (error as Error).message;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `schema ${schema} is not migrated after ${timeoutMs / 1000} s: ${problem}. ` +
          'Run the migrate command with DATABASE_ADMIN_URL (Helm: the migration Job), or give the service DATABASE_ADMIN_URL.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    let urls: DatabaseUrls;
    // TypeORM's repository of each entity, for the service's repositories that inject one.
    const entityRepositories = TypeOrmModule.forFeature(options.entities as Function[]);
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: BaseConfig) => {
            urls = config;
            return dataSourceOptions(config.DATABASE_URL, options);
          },
          // Retried by TypeOrmModule when it throws (Postgres not up yet, migrations still pending).
          dataSourceFactory: async (dataSourceOptions) => {
            if (migrationUrlOf(urls, options.schema)) await runMigrations(urls, options);
            if (userOf(urls.DATABASE_URL) !== roleOf(options.schema)) {
              new Logger('Database').warn(
                `DATABASE_URL connects as ${userOf(urls.DATABASE_URL)}, not as the role ${roleOf(options.schema)}: ` +
                  `this process can reach every schema`,
              );
            }
            const dataSource = await new DataSource(dataSourceOptions!).initialize();
            try {
              await awaitMigrations(dataSource, options.schema);
            } catch (error) {
              await dataSource.destroy();
              throw error;
            }
            return dataSource;
          },
        }),
        entityRepositories,
      ],
      providers: [TransactionRunner],
      exports: [TypeOrmModule, entityRepositories, TransactionRunner],
    };
  }
}

/**
 * Applies a service's migrations (the `migrate` command, the Helm Job, and a service's start when
 * it may migrate): with DATABASE_ADMIN_URL, else DATABASE_URL when that is not the service's role.
 */
export async function runMigrations(urls: DatabaseUrls, options: ServiceDatabaseOptions): Promise<string[]> {
  const adminUrl = migrationUrlOf(urls, options.schema);
  if (!adminUrl) {
    throw new Error(
      `DATABASE_URL connects as the role ${roleOf(options.schema)}, which cannot migrate: set DATABASE_ADMIN_URL`,
    );
  }
  const dataSource = await new DataSource({
    ...dataSourceOptions(adminUrl, options),
    // Two connections: the one holding the advisory lock, and the one migrations run on.
    extra: { max: 2, application_name: `${options.schema}-migrate` },
  }).initialize();
  try {
    return await migrate(dataSource, options.schema, urls.DATABASE_URL);
  } finally {
    await dataSource.destroy();
  }
}
