import { Module, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import type Redis from 'ioredis';
import { baseConfigSchema, PlatformModule, REDIS } from '@app/platform';
import { expectErrorReply } from '../../../test-support/error-reply';
import { rawRequest, startApp, startInternalPort, startWorker } from '../../../test-support';

// What an outsider reaching a service's public port sees of its internals (nothing), and what
// Prometheus and the kubelet get on the internal port (METRICS_PORT), for an API and a worker.

const probeModule = (env: NodeJS.ProcessEnv) => {
  @Module({
    imports: [
      PlatformModule.forService({
        config: baseConfigSchema,
        database: { schema: 'ports_probe', entities: [], migrations: [] },
        env: { ...process.env, SERVICE_NAME: 'ports-probe', PORT: '0', ...env },
      }),
    ],
  })
  class ProbeModule {}
  return ProbeModule;
};

/** Nothing of the process's internals: no metric, dependency or error text. */
const expectNothingInternal = (text: string) => {
  expect(text).not.toMatch(/process_cpu|nodejs_|http_server_duration|events_/);
  expect(text).not.toMatch(/redis|kafka|database|ECONNREFUSED/i);
};

describe('internal port: /metrics and readiness details only there', () => {
  let api: INestApplication;
  let url: string;
  let internal: string;

  beforeAll(async () => {
    ({ app: api, url } = await startApp(probeModule({})));
    internal = await startInternalPort(api);
  });

  afterAll(async () => {
    await api?.close();
  });

  it('the public port answers /health/live and nothing else of the process', async () => {
    const live = await rawRequest(`${url}/health/live`, 'GET');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    for (const path of ['/metrics', '/health/ready', '/health']) {
      const reply = await rawRequest(`${url}${path}`, 'GET');
      expectErrorReply(reply, { status: 404 });
      expectNothingInternal(reply.text);
    }
  });

  it('the internal port serves the metrics, counting the public requests, and readiness per dependency', async () => {
    await rawRequest(`${url}/health/live`, 'GET');
    const metrics = await rawRequest(`${internal}/metrics`, 'GET');
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(metrics.text).toMatch(
      /^http_server_duration_seconds_count\{method="GET",route="\/health\/live",status="200"\} \d+/m,
    );

    const ready = await rawRequest(`${internal}/health/ready`, 'GET');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, redis: { status: 'up' }, kafka: { status: 'up' } },
    });
    expect((await rawRequest(`${internal}/health/live`, 'GET')).body).toEqual({ status: 'ok' });
    expect((await rawRequest(`${internal}/api/anything`, 'GET')).status).toBe(404);
  });

  it('a worker, which has no public port, is probed and scraped on its internal port', async () => {
    const worker: INestApplicationContext = await startWorker(probeModule({ SERVICE_NAME: 'ports-probe-worker' }));
    const at = await startInternalPort(worker);
    try {
      expect((await rawRequest(`${at}/metrics`, 'GET')).text).toMatch(/^nodejs_heap_size_used_bytes /m);
      expect((await rawRequest(`${at}/health/ready`, 'GET')).body).toMatchObject({ status: 'ok' });
    } finally {
      await worker.close();
    }
    // Closed with the worker: nothing keeps listening.
    await expect(rawRequest(`${at}/health/live`, 'GET')).rejects.toThrow();
  });

  it('a dependency that is down: readiness names it on the internal port only', async () => {
    const { app, url: publicUrl } = await startApp(probeModule({ REDIS_URL: 'redis://127.0.0.1:1/0' }));
    try {
      const at = await startInternalPort(app);
      const ready = await rawRequest(`${at}/health/ready`, 'GET');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'error', error: { redis: { status: 'down' } } });
      expect((ready.body as { error: { redis: { message: string } } }).error.redis.message).toMatch(/\w/);

      const outside = await rawRequest(`${publicUrl}/health/ready`, 'GET');
      expectErrorReply(outside, { status: 404 });
      expectNothingInternal(outside.text);
      expect((await rawRequest(`${publicUrl}/health/live`, 'GET')).body).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      // quit() does not stop a client that never connected from retrying.
      app.get<Redis>(REDIS).disconnect();
    }
  });
});
