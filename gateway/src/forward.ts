import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { Pool } from 'undici';

/**
 * Headers that describe one connection, not the message (RFC 9110 7.6.1), with `host` (the
 * service's own) and `expect` (the gateway has already answered 100-continue): never forwarded,
 * either way. A header the Connection header names is dropped as well.
 */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'http2-settings',
  'host',
  'expect',
]);

function connectionListed(headers: IncomingHttpHeaders): string[] {
  const connection = headers.connection;
  if (typeof connection !== 'string' || connection === 'keep-alive' || connection === 'close') return [];
  return connection
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The client's request headers as a service receives them: one pass over them, leaving out the
 * hop-by-hop ones and `dropped` (names a client may not send on), with nothing else copied.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  dropped: ReadonlySet<string>,
): Record<string, string | string[]> {
  const listed = connectionListed(headers);
  const next: Record<string, string | string[]> = {};
  for (const name in headers) {
    if (hopByHop.has(name) || dropped.has(name) || (listed.length && listed.includes(name))) continue;
    const value = headers[name];
    if (value !== undefined) next[name] = value;
  }
  return next;
}

/** Headers every answer starts with (the security headers), ready to be copied into a HeaderList. */
export interface HeaderBase {
  readonly raw: readonly OutgoingHttpHeader[];
  /** Where each name's value is in `raw`. */
  readonly valueAt: ReadonlyMap<string, number>;
}

export function headerBase(headers: Readonly<Record<string, OutgoingHttpHeader>>): HeaderBase {
  const raw: OutgoingHttpHeader[] = [];
  const valueAt = new Map<string, number>();
  for (const name in headers) {
    valueAt.set(name, raw.length + 1);
    raw.push(name, headers[name]!);
  }
  return { raw, valueAt };
}

/**
 * An answer's headers as node:http's raw list (name, value, name, value…), which `res.writeHead`
 * writes as it is: no object copied per answer and walked again (about 0.5 µs an answer less with
 * the security headers). A name set again keeps its place with the new value, as a property of an
 * object would: the head written is the one an object of the same headers gives.
 */
export class HeaderList {
  /** Names and values in turn, for `res.writeHead(status, list.raw)`. */
  readonly raw: OutgoingHttpHeader[];

  constructor(private readonly base: HeaderBase) {
    this.raw = base.raw.slice();
  }

  set(name: string, value: OutgoingHttpHeader): void {
    const raw = this.raw;
    let at = this.base.valueAt.get(name);
    if (at === undefined) {
      // The few set per answer (request id, rate limit, the service's own) are looked up in turn.
      for (let index = this.base.raw.length; index < raw.length; index += 2) {
        if (raw[index] === name) {
          at = index + 1;
          break;
        }
      }
      if (at === undefined) {
        raw.push(name, value);
        return;
      }
    }
    raw[at] = value;
  }
}

export interface UpstreamOptions {
  /** Long-lived streams: a connection each, dropped after `bodyTimeout` ms without a byte. */
  stream: boolean;
  bodyTimeout: number;
}

/** The request's logger (pino's, or one made on first use). */
export interface CallLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** One call to forward, whichever way it was served (Fastify's request and reply, or node:http's). */
export interface ForwardedCall {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly log: CallLog;
  /** The answer is about to start: the headers the gateway set for it (the service's are added). */
  begin(): HeaderList;
  /** The service failed before its answer started: the gateway answers instead. */
  fail(): void;
  /** The service's answer has been written to the client in full ('finish'). */
  done(): void;
  /**
   * Where the service's answer body goes once its head is written, when not straight into `res`:
   * a keyed POST's copy kept for its retries (idempotency/answer-copy.ts), which writes on to `res`.
   */
  answerSink?(status: number, headers: IncomingHttpHeaders): Writable;
}

/**
 * Forwards requests to one service over its own undici pool, writing the service's answer
 * straight into the client's response (undici's `stream`: no intermediate body stream, no pipe):
 * the headers the gateway set on the reply (security headers, request id, rate limit), then the
 * service's own, hop-by-hop ones left out. A service that cannot be reached, or fails before its
 * answer starts, gets the call's `fail` answer; one that breaks off mid-answer ends the
 * client's response too. A client that goes away aborts the service's request (streams included).
 */
export class Upstream {
  private readonly pool: Pool;
  private readonly stream: boolean;

  constructor(base: string, { stream, bodyTimeout }: UpstreamOptions) {
    this.stream = stream;
    this.pool = stream
      ? new Pool(base, { connections: null, pipelining: 1, bodyTimeout })
      : new Pool(base, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  forward(
    call: ForwardedCall,
    headers: Record<string, string | string[]>,
    body: Buffer | NodeJS.ReadableStream | undefined,
  ): void {
    const { req, res } = call;
    const url = req.url!;
    call.log.info({ source: url }, 'fetching from remote server');
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    else if (!body) delete headers['content-length'];
    let begun = false;
    this.pool.stream(
      { path: url, method: req.method as 'GET', headers, body: body as Buffer | undefined },
      ({ statusCode, headers: answer }) => {
        begun = true;
        const out = call.begin();
        for (const name in answer) if (!hopByHop.has(name)) out.set(name, answer[name]!);
        // The connection cannot be reused while part of the client's body is unread.
        if (!req.complete) out.set('connection', 'close');
        res.writeHead(statusCode, out.raw);
        return call.answerSink ? call.answerSink(statusCode, answer) : res;
      },
      (error) => {
        if (!error) return call.done();
        if (!begun) {
          call.log.warn({ err: error }, 'response errored');
          return call.fail();
        }
        if (!res.headersSent) res.destroy();
        // The service broke off mid-answer (a client that went away closed its response itself).
        if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          call.log.warn({ err: error }, 'response errored');
        }
      },
    );
  }

  /** Calls in flight are finished; open streams are cut (their browsers reconnect to another replica). */
  close(): Promise<void> {
    return this.stream ? this.pool.destroy() : this.pool.close();
  }
}
