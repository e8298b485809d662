import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { logDestination } from './destination';
import { loggedRequest, loggedResponse, redactedPaths } from './redaction';

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && given.length <= 100 ? given : randomUUID();
}

/** JSON logs on standard output (logDestination); the gateway's request id becomes the `reqId` of every line of the request. */
export function loggingModule(service: string, level: string) {
  return LoggerModule.forRoot({
    pinoHttp: [
      {
        level,
        name: service,
        genReqId: (req, res) => {
          const id = requestIdOf(req);
          res.setHeader(REQUEST_ID_HEADER, id);
          return id;
        },
        // No query values (tokens in links) and no cookies or credentials in any line: the request
        // line names the request and its status only, no headers (the gateway's line has the
        // client's); the paths still cover what code logs itself.
        redact: redactedPaths,
        serializers: { req: loggedRequest, res: loggedResponse },
        wrapSerializers: false,
        autoLogging: { ignore: (req) => req.url?.startsWith('/health') === true || req.url === '/metrics' },
        customLogLevel: (_req, res, err) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      },
      logDestination(),
    ],
  });
}
