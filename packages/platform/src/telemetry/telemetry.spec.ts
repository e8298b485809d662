import { startTelemetry, stopTelemetry } from './telemetry';

describe('startTelemetry', () => {
  afterEach(() => stopTelemetry());

  it('stays off, without loading the SDK, when no OTLP endpoint is configured', () => {
    expect(startTelemetry('svc', {})).toBe(false);
    expect(Object.keys(require.cache).some((path) => path.includes('@opentelemetry/sdk-node'))).toBe(false);
  });

  it('starts once when an endpoint is configured', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(startTelemetry('svc', env)).toBe(true);
    expect(startTelemetry('svc', env)).toBe(false);
  });
});
