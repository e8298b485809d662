import { Client } from 'pg';
import { integrationWorker, workerOffset } from './integration-workers';

/**
 * Jest's globalSetup for the integration project: each worker's database exists before any spec
 * connects (the services migrate their schemas into it when they start, as in production).
 */
export default async function integrationSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    for (let id = 1; id <= globalConfig.maxWorkers; id++) {
      const { database } = integrationWorker(id + workerOffset());
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
    }
  } finally {
    await admin.end();
  }
}
