import Fastify, { type FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { DurationHistogram } from './duration-histogram';

/** The gateway's metrics: its own registry, so several gateways in one process (tests) never clash. */
export interface GatewayMetrics {
  registry: Registry;
  duration: DurationHistogram;
}

export function gatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new DurationHistogram({
    name: 'gateway_request_duration_seconds',
    help: 'Gateway request duration by route and status',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  return { registry, duration };
}

/**
 * The gateway's internal port (METRICS_PORT): /metrics, /health/live and /health/ready with the
 * Redis error text. Never the public port: the public one keeps only /health/live, which names
 * nothing. In a cluster only Prometheus and the kubelet reach it (NetworkPolicy).
 */
export async function buildInternalServer({
  redis,
  metrics,
}: {
  redis: Redis;
  metrics: GatewayMetrics;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    try {
      await redis.ping();
      return { status: 'ok', info: { redis: { status: 'up' } } };
    } catch (error) {
      return reply
        .code(503)
        .send({ status: 'error', error: { redis: { status: 'down', message: (error as Error).message } } });
    }
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  return app;
}
