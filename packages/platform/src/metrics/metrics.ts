import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric of the process, served on the internal port (InternalServer), never the public one. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_server_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** Times every request, labelled by the matched route (not the raw path) to keep cardinality low. */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const stop = httpDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      stop({ route, status: String(res.statusCode) });
    });
    next();
  }
}

/** Events a consumer gave up on and stored as dead letters (each also logs at error level). */
export const deadLetteredTotal = new Counter({
  name: 'events_dead_lettered_total',
  help: 'Events dead-lettered by a consumer group, by event type',
  labelNames: ['consumer', 'type'],
  registers: [metricsRegistry],
});

/** Retries of an event in place: `transient` (a dependency away) or `failure` (counting towards the dead letter). */
export const consumerRetriesTotal = new Counter({
  name: 'events_consumer_retries_total',
  help: 'Event applications retried by a consumer group, by reason',
  labelNames: ['consumer', 'reason'],
  registers: [metricsRegistry],
});

const openDeadLetterCounts = new Map<string, () => Promise<number>>();

new Gauge({
  name: 'events_dead_letters_open',
  help: 'Dead letters not replayed yet, per consumer group (alert when above 0)',
  labelNames: ['consumer'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [consumer, count] of openDeadLetterCounts) {
      const open = await count().catch(() => undefined);
      if (open !== undefined) this.set({ consumer }, open);
    }
  },
});

/** The open dead letters of each consumer group, counted when metrics are scraped. */
export const deadLettersOpen = {
  watch: (consumer: string, count: () => Promise<number>) => void openDeadLetterCounts.set(consumer, count),
  unwatch: (consumer: string) => void openDeadLetterCounts.delete(consumer),
};
