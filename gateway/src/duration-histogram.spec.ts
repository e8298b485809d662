import { Histogram, Registry } from 'prom-client';
import { DurationHistogram } from './duration-histogram';

describe('DurationHistogram', () => {
  const config = {
    name: 'gateway_request_duration_seconds',
    help: 'Gateway request duration by route and status',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  };
  const observations: [string, number, number][] = [
    ['/api/user/profile', 200, 0.0004],
    ['/api/user/profile', 200, 0.003],
    ['/api/user/profile', 401, 0.02],
    ['unmatched', 404, 2],
    ['/api/user/profile', 200, 0.1],
  ];

  it("writes the same Prometheus text as prom-client's Histogram with route and status labels", async () => {
    const expected = new Registry();
    const histogram = new Histogram({ ...config, labelNames: ['route', 'status'] as const, registers: [expected] });
    const actual = new Registry();
    const duration = new DurationHistogram({ ...config, registers: [actual] });
    for (const [route, status, seconds] of observations) {
      histogram.observe({ route, status: String(status) }, seconds);
      duration.observe(route, status, seconds);
    }
    expect(await actual.metrics()).toBe(await expected.metrics());
    expect(await actual.getMetricsAsJSON()).toEqual(await expected.getMetricsAsJSON());
  });

  it('starts over on reset', async () => {
    const registry = new Registry();
    const duration = new DurationHistogram({ ...config, registers: [registry] });
    duration.observe('/api/user/profile', 200, 0.01);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route=');
  });
});
