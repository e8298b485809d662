import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { InboxMessage } from '../events/inbox-message.entity';
import { OutboxMessage } from '../events/outbox-message.entity';
import { TransactionRunner } from './transaction-runner';
import { CreateEventTables1763769600000 } from './create-event-tables.migration';

export interface ServiceDatabaseOptions {
  /** The Postgres schema this service owns; nobody else reads it. */
  schema: string;
  entities: MixedList<Function>;
  /** The service's own migrations, oldest first; the outbox/inbox tables come before them. */
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
    migrations: [CreateEventTables1763769600000, ...options.migrations],
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

/**
 * Creates the schema and applies pending migrations under an advisory lock, so the API and its
 * worker may start together.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: BaseConfig) => dataSourceOptions(config.DATABASE_URL, options),
          dataSourceFactory: async (dataSourceOptions) => {
            const dataSource = await new DataSource(dataSourceOptions!).initialize();
            await migrate(dataSource, options.schema);
            return dataSource;
          },
        }),
      ],
      providers: [TransactionRunner],
      exports: [TypeOrmModule, TransactionRunner],
    };
  }
}

/** Applies a service's migrations and exits: the `migrate` command of a service (and its Helm job). */
export async function runMigrations(url: string, options: ServiceDatabaseOptions): Promise<string[]> {
  const dataSource = await new DataSource(dataSourceOptions(url, options)).initialize();
  try {
    return await migrate(dataSource, options.schema);
  } finally {
    await dataSource.destroy();
  }
}
