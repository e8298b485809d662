import { context, propagation } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

/**
 * Starts tracing (HTTP, pg, ioredis) when OTEL_EXPORTER_OTLP_ENDPOINT is set; a no-op
 * otherwise. Must run before the instrumented libraries are loaded, so main.ts calls it first.
 * The SDK is only loaded when used: it costs tens of MB per process. Kafka spans are not the
 * kafkajs instrumentation's: events leave through the outbox long after the request, so the outbox
 * row keeps the request's trace context and the relay and consumers continue it (events/).
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
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url?.startsWith('/health') === true }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return true;
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}

/**
 * Adds the active trace context (W3C traceparent, tracestate) to outgoing headers: the gateway's
 * request to a service, an outbox row. Adds nothing when tracing is off.
 */
export function injectTraceContext(headers: Record<string, unknown>, from: TraceContext = context.active()): void {
  propagation.inject(from, headers);
}

/** The work in progress's trace context, to carry into work done later on its behalf (a batch). */
export type TraceContext = ReturnType<typeof context.active>;
export const activeTraceContext = (): TraceContext => context.active();
