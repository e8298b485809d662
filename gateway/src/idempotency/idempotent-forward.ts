import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import type { Refusal } from '../api-calls';
import { ErrorCode, messages, sendError } from '../errors';
import type { ForwardedCall } from '../forward';
import type { Route } from '../routes';
import { AnswerCopy } from './answer-copy';
import {
  doneRecord,
  fingerprintOf,
  IDEMPOTENCY_HEADER,
  keyMessages,
  keyRefusal,
  keySlot,
  type KeptAnswer,
  REPLAYED_HEADER,
  runningRecord,
  verdictOf,
} from './idempotency-key';
import { IdempotencyStore, IN_FLIGHT_MS } from './idempotency-store';

/** The call as the flow needs it: forwarded, with its caller known once the guard has passed it. */
export interface KeyedCall extends ForwardedCall {
  readonly headers: IncomingHttpHeaders;
  /** The account calling (session or API key): set by the guard (api-calls.ts). */
  readonly callerId?: string;
  logError(error: unknown, message: string): void;
}

/** Sends the request on to its service, with the body as read and the call whose answer is watched. */
export type Send = (call: ForwardedCall, body: Buffer | undefined) => void;

class BodyTooLarge extends Error {}

/**
 * The whole request body, refused past `limit` bytes (a chunked body declares no length up front).
 * The stream is not destroyed on the way out: its connection still carries the 413.
 */
function readBody(body: Buffer | NodeJS.ReadableStream | undefined, limit: number): Promise<Buffer | undefined> {
  if (!body || Buffer.isBuffer(body)) return Promise.resolve(body);
  const stream = body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      reject(new BodyTooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(new Error('request body broken off'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/**
 * Retry-safe POSTs (docs/developer-platform.md, "Idempotency"): a request carrying an
 * Idempotency-Key on a route that accepts one (`acceptsIdempotencyKey`, Route.idempotent) runs
 * once per caller, route and key. Its first final answer is kept for IDEMPOTENCY_KEY_TTL_SECONDS
 * and given again, marked `Idempotent-Replayed: true`, to the same request sent again; the same
 * key with another request is refused (422), and while the first still runs, so is a second (409).
 * Such requests are served through Fastify (direct-routes.ts leaves them), after the route's
 * checks and guard, which name the caller; requests without the header are not touched.
 */
export class IdempotentForward {
  private readonly store: IdempotencyStore;

  constructor(
    redis: Redis,
    ttlSeconds: number,
    private readonly bodyLimit: number,
  ) {
    this.store = new IdempotencyStore(redis, ttlSeconds);
  }

  /** Whether the request takes this path: a route accepting a key, and a key given. */
  static applies(route: Pick<Route, 'idempotent'>, headers: IncomingHttpHeaders): boolean {
    return !!route.idempotent && headers[IDEMPOTENCY_HEADER] !== undefined;
  }

  /** A malformed key, refused (400) before anything is read or forwarded. */
  static headerRefusal(route: Pick<Route, 'idempotent'>, headers: IncomingHttpHeaders): Refusal | undefined {
    if (!IdempotentForward.applies(route, headers)) return undefined;
    const message = keyRefusal(headers[IDEMPOTENCY_HEADER]);
    return message ? { status: 400, error: ErrorCode.ValidationFailed, message } : undefined;
  }

  /** Runs a keyed request once: replays its kept answer, refuses it (409, 422), or forwards it with `send`. */
  async forward(
    route: Pick<Route, 'id'>,
    call: KeyedCall,
    reply: FastifyReply,
    body: Buffer | NodeJS.ReadableStream | undefined,
    send: Send,
  ): Promise<void> {
    const bytes = await this.bodyOrRefusal(body, reply);
    if (reply.sent) return;
    const caller = call.callerId;
    // Every route accepting a key needs a session or an API key: the guard has named the caller.
    if (!caller) return send(call, bytes);
    const slot = keySlot(call.headers[IDEMPOTENCY_HEADER] as string, caller, route.id);
    const fingerprint = fingerprintOf(slot.secret, call.req.method!, call.req.url!, bytes);
    const running = runningRecord(fingerprint);
    let existing: string | null;
    try {
      existing = await this.store.claim(slot.name, running);
    } catch (error) {
      call.logError(error, 'idempotency key could not be claimed');
      return void sendError(reply, 503, ErrorCode.ServiceUnavailable, keyMessages.unavailable);
    }
    if (existing !== null) {
      const verdict = verdictOf(existing, fingerprint, slot.secret);
      if (verdict.kind === 'replay') return replay(reply, verdict.answer);
      if (verdict.kind === 'mismatch') {
        return void sendError(reply, 422, ErrorCode.ValidationFailed, keyMessages.mismatch);
      }
      return void sendError(reply, 409, ErrorCode.Conflict, keyMessages.inProgress);
    }

    // The key is this request's: kept alive while the service works, then completed or released.
    const renewal = setInterval(() => {
      this.store.renew(slot.name, running).catch((error: unknown) => call.logError(error, 'idempotency key renewal'));
    }, IN_FLIGHT_MS / 3);
    renewal.unref();
    let settled = false;
    const settle = async (answer: KeptAnswer | undefined): Promise<void> => {
      if (settled) return;
      settled = true;
      clearInterval(renewal);
      try {
        if (answer) await this.store.complete(slot.name, running, doneRecord(fingerprint, slot.secret, answer));
        else await this.store.release(slot.name, running);
      } catch (error) {
        // The marker expires by itself (IN_FLIGHT_MS): a retry then runs again.
        call.logError(error, 'idempotency key could not be completed');
      }
    };
    const watched: ForwardedCall = {
      req: call.req,
      res: call.res,
      log: call.log,
      begin: () => call.begin(),
      // The service could not be reached or failed before answering: a retry runs again.
      fail: () => void settle(undefined).finally(() => call.fail()),
      done: () => call.done(),
      answerSink: (status, headers) => new AnswerCopy(call.res, status, headers, settle),
    };
    send(watched, bytes);
  }

  /**
   * The body read whole. Past the limit it is answered 413; a client that breaks off its body has
   * its connection closed, nothing forwarded (reply.sent then, either way).
   */
  private async bodyOrRefusal(
    body: Buffer | NodeJS.ReadableStream | undefined,
    reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    try {
      return await readBody(body, this.bodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        // The rest of the body is not read: the connection is not reused.
        reply.header('connection', 'close');
        sendError(reply, 413, ErrorCode.PayloadTooLarge, messages.tooLarge);
      } else {
        reply.log.info({ err: error }, 'request body broken off');
        reply.hijack();
        reply.raw.destroy();
      }
      return undefined;
    }
  }
}

/** The kept answer again, with the retry's own gateway headers (security, request id, rate limits). */
function replay(reply: FastifyReply, answer: KeptAnswer): void {
  reply.code(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  reply.header(REPLAYED_HEADER, 'true');
  void reply.send(answer.body.length ? answer.body : undefined);
}
