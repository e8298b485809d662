import { logDestination } from '@app/platform/log-destination';
import { redactedPaths, redactUrl } from '@app/platform/log-redaction';
import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * The gateway's JSON request logs (pino through Fastify): no query values (links carry tokens, as
 * in `/reset-password?token=...`: logged as `?token=[redacted]`), no cookies or credentials.
 * `stream`: where lines go (standard output, a few lines a write, when not given: logDestination;
 * tests capture them).
 */
export function gatewayLogger(level: string, stream?: DestinationStream): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    name: 'gateway',
    redact: redactedPaths,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // forward.ts logs the URL it forwards to (query included) as `source`.
      source: (source: unknown) => (typeof source === 'string' ? redactUrl(source) : source),
    },
    stream: stream ?? logDestination(),
  };
}
