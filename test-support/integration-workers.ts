/**
 * What one jest worker of the integration tests has to itself: a database, a Redis database, a
 * topic prefix and a queue prefix. Worker 1 keeps the names a single worker always had.
 */
export interface IntegrationWorker {
  database: string;
  databaseUrl: string;
  redisUrl: string;
  topicPrefix: string;
  queuePrefix: string;
}

/**
 * Redis databases 0 (`make up`), 2 (the e2e stack), 3 (bench/gateway.mjs) and 15 (a gateway unit
 * spec) are taken; 1 and 4-14 are the workers'.
 */
const redisDatabases = [1, ...Array.from({ length: 11 }, (_, index) => index + 4)];

/**
 * TEST_WORKER_OFFSET shifts a run's workers (offset 4: worker 1 takes world 5), so two runs on one
 * machine (two checkouts, two people) each have worlds of their own.
 */
export const workerOffset = (): number => Number(process.env.TEST_WORKER_OFFSET ?? 0) || 0;

export function integrationWorker(id: string | number = 1): IntegrationWorker {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1 || n > redisDatabases.length) {
    throw new Error(`integration tests run on at most ${redisDatabases.length} workers (worker ${id})`);
  }
  const suffix = n === 1 ? '' : `_${n}`;
  const database = `platform_test${suffix}`;
  return {
    database,
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${database}`,
    redisUrl: `redis://127.0.0.1:6379/${redisDatabases[n - 1]}`,
    topicPrefix: n === 1 ? 'test.' : `test${n}.`,
    queuePrefix: n === 1 ? 'test' : `test${n}`,
  };
}
