import type { Metric, Registry } from 'prom-client';

/** One route and status's counts: per bucket (not cumulative), sum and count. */
interface Series {
  labels: { route: string; status: string };
  buckets: number[];
  sum: number;
  count: number;
}

export interface DurationHistogramConfig {
  name: string;
  help: string;
  /** Upper bounds in seconds, ascending. */
  buckets: readonly number[];
  registers: Registry[];
}

/**
 * Request durations by route and status, written in the same Prometheus text as a prom-client
 * Histogram with labels `route` and `status` (buckets with `le` first, `+Inf`, `_sum`, `_count`,
 * series in the order first seen). Cheaper per request: a route's series are found by its
 * template and the status number (two Map lookups) instead of hashing a label object each time.
 */
export class DurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];
  private byRoute = new Map<string, Map<number, Series>>();
  private order: Series[] = [];

  constructor({ name, help, buckets, registers }: DurationHistogramConfig) {
    this.name = name;
    this.help = help;
    this.bounds = buckets;
    for (const registry of registers) registry.registerMetric(this as unknown as Metric);
  }

  /** Counts one request: its route template (or `unmatched`), its status, its duration in seconds. */
  observe(route: string, status: number, seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    let byStatus = this.byRoute.get(route);
    if (!byStatus) {
      byStatus = new Map();
      this.byRoute.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { route, status: String(status) }, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.order.push(series);
    }
    series.sum += seconds;
    series.count += 1;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index++) {
      if (seconds <= bounds[index]!) {
        series.buckets[index]! += 1;
        break;
      }
    }
  }

  /** What a prom-client Registry reads (`metrics()`, `getMetricsAsJSON()`). */
  get(): {
    name: string;
    help: string;
    type: string;
    aggregator: string;
    values: { labels: Record<string, string | number>; value: number; metricName: string; exemplar?: null }[];
  } {
    const bucketName = `${this.name}_bucket`;
    const values = [];
    for (const { labels, buckets, sum, count } of this.order) {
      let cumulative = 0;
      for (const [index, bound] of this.bounds.entries()) {
        cumulative += buckets[index]!;
        values.push({ labels: { le: bound, ...labels }, value: cumulative, metricName: bucketName, exemplar: null });
      }
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: bucketName, exemplar: null });
      values.push({ labels: { ...labels }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...labels }, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.byRoute = new Map();
    this.order = [];
  }
}
