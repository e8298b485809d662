import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { IDEMPOTENCY_KEY_HEADER } from '@app/contracts';

/**
 * The pure parts of retry-safe POSTs (docs/developer-platform.md, "Idempotency"): the header's
 * rules, where a key's record lives, the request's fingerprint, which answers are kept and how a
 * kept answer is sealed. The Redis side is idempotency-store.ts; the flow, idempotent-forward.ts.
 */

/** The request header, as node:http names it (lower case). */
export const IDEMPOTENCY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Set on an answer given again from a key's record instead of running the request again. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const MAX_KEY_LENGTH = 255;
/** A kept answer's largest body; a larger one is given to the client but not kept. */
export const MAX_KEPT_BODY_BYTES = 1024 * 1024;

/** 1 to 255 printable ASCII characters (spaces inside allowed: node:http trims the ends). */
const validKey = /^[\x20-\x7e]+$/;

export const keyMessages = {
  invalid: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID is a good choice).`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress. Retry once it has answered.`,
  mismatch: `This ${IDEMPOTENCY_KEY_HEADER} was already used with another request (method, path or body). Use a new key for a new request.`,
  unavailable: `The ${IDEMPOTENCY_KEY_HEADER} could not be checked. Please try again shortly.`,
} as const;

/** Why a request's Idempotency-Key header is refused (a message), or nothing when it is valid. */
export function keyRefusal(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return value === undefined ? undefined : keyMessages.invalid;
  return value.length >= 1 && value.length <= MAX_KEY_LENGTH && validKey.test(value) ? undefined : keyMessages.invalid;
}

/** Where one key's record lives, and the secret its fingerprint and answer are keyed with. */
export interface KeySlot {
  /** The Redis key: per caller and route, the client's key only as a keyed hash. */
  name: string;
  secret: Buffer;
}

/**
 * A key's slot: one per caller (the account, whether it calls with a session or an API key), route
 * (method and path template) and key. Redis holds neither the client's key nor anything it could
 * be read back from without it: the name and the secret are two HMACs of one digest of it.
 */
export function keySlot(key: string, caller: string, routeId: string): KeySlot {
  const digest = createHash('sha256').update(`${caller}\n${routeId}\n${key}`).digest();
  const label = (purpose: string) => createHmac('sha256', digest).update(purpose).digest();
  return { name: `idempotency:${caller}:${routeId}:${label('name').toString('hex')}`, secret: label('seal') };
}

/** What makes two requests "the same": method, path with query, and the body byte for byte. */
export function fingerprintOf(secret: Buffer, method: string, url: string, body: Buffer | undefined): string {
  const hmac = createHmac('sha256', secret).update(`${method}\n${url}\n`);
  if (body) hmac.update(body);
  return hmac.digest('hex');
}

/**
 * Answers kept for the key's retries: the final ones. Not a 5xx (the service failed: a retry runs
 * again), nor a 408, 409, 425 or 429 (the moment's state: busy, in conflict, too early, too many).
 */
export const isKeptStatus = (status: number): boolean => status < 500 && ![408, 409, 425, 429].includes(status);

/** The service's headers a replay gives again (the gateway's own, request id, rate limits, are the retry's). */
const keptHeaderNames: ReadonlySet<string> = new Set([
  'content-type',
  'content-language',
  'content-disposition',
  'location',
  'cache-control',
  'etag',
  'last-modified',
]);

export function keptHeaders(headers: IncomingHttpHeaders): [string, string][] {
  const kept: [string, string][] = [];
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && keptHeaderNames.has(name.toLowerCase())) {
      kept.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]);
    }
  }
  return kept;
}

export interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** A key's record: the request still running (`owner` names the gateway call running it), or its kept answer. */
export type KeyRecord =
  { state: 'running'; owner: string; fingerprint: string } | { state: 'done'; fingerprint: string; answer: string };

export const runningRecord = (fingerprint: string): string =>
  JSON.stringify({ state: 'running', owner: randomBytes(12).toString('base64url'), fingerprint } satisfies KeyRecord);

export const doneRecord = (fingerprint: string, secret: Buffer, answer: KeptAnswer): string =>
  JSON.stringify({ state: 'done', fingerprint, answer: seal(secret, answer) } satisfies KeyRecord);

/**
 * A kept answer sealed with AES-256-GCM under the slot's secret: answers may carry a secret shown
 * once (an API key, a webhook signing secret), which Redis then holds only for whoever has the key.
 */
export function seal(secret: Buffer, answer: KeptAnswer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const plain = JSON.stringify({
    status: answer.status,
    headers: answer.headers,
    body: answer.body.toString('base64'),
  });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The answer sealed under `secret`; undefined when it does not open (another secret, altered). */
export function unseal(secret: Buffer, sealed: string): KeptAnswer | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const { status, headers, body } = JSON.parse(plain) as {
      status: number;
      headers: [string, string][];
      body: string;
    };
    return { status, headers, body: Buffer.from(body, 'base64') };
  } catch {
    return undefined;
  }
}

/** What a request finds when its key already has a record. */
export type Verdict =
  | { kind: 'replay'; answer: KeptAnswer }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' }
  /** A record that cannot be read (none of the above): the request is refused as in progress. */
  | { kind: 'unreadable' };

export function verdictOf(raw: string, fingerprint: string, secret: Buffer): Verdict {
  let record: KeyRecord;
  try {
    record = JSON.parse(raw) as KeyRecord;
  } catch {
    return { kind: 'unreadable' };
  }
  if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (record.state === 'running') return { kind: 'in-progress' };
  const answer = record.state === 'done' ? unseal(secret, record.answer) : undefined;
  return answer ? { kind: 'replay', answer } : { kind: 'unreadable' };
}
