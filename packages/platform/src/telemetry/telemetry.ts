import type { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

/**
 * Starts tracing (HTTP, pg, ioredis, kafkajs) when OTEL_EXPORTER_OTLP_ENDPOINT is set; a no-op
 * otherwise. Must run before the instrumented libraries are loaded, so main.ts calls it first.
 * The SDK is only loaded when used: it costs tens of MB per process.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || sdk) return false;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { KafkaJsInstrumentation } =
    require('@opentelemetry/instrumentation-kafkajs') as typeof import('@opentelemetry/instrumentation-kafkajs');
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url?.startsWith('/health') === true }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  return true;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}
