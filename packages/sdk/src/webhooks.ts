import type { WebhookEvent } from './generated';

/** The header carrying a delivery's signature (HTTP header names are case-insensitive). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** The event's id: the same on every attempt and resend, so a receiver can drop what it already has. */
export const WEBHOOK_ID_HEADER = 'x-webhook-id';
/** How far a signature's timestamp may be from now before the delivery counts as a replay. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Why a delivery was not accepted: `reason` says which check failed. Answer it with a 4xx. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly reason: 'missing-signature' | 'malformed-signature' | 'stale-timestamp' | 'bad-signature' | 'invalid-body',
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookOptions {
  /** Seconds the signature's timestamp may differ from now; 300 by default. */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (tests); the clock by default. */
  nowSeconds?: number;
}

const encoder = new TextEncoder();

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * Checks a webhook delivery and returns its event. The platform signs each delivery's raw body
 * with the endpoint's signing secret (`whsec_…`, shown when the endpoint was added or its secret
 * rotated) in X-Webhook-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 *
 * Pass the body exactly as received (bytes or text, before any JSON parsing): a parsed and
 * re-serialized body no longer matches. Throws WebhookVerificationError when the header is
 * missing or malformed, the timestamp is further than `toleranceSeconds` from now (a replay), or
 * no v1 signature matches (a tampered body, another secret). The comparison is constant-time
 * (Web Crypto's HMAC verify), so it runs in Node 20+, browsers and edge runtimes alike.
 *
 *   const event = await verifyWebhook(rawBody, request.headers['x-webhook-signature'], secret);
 *   if (event.type === 'transaction.recorded') console.log(event.data.amount);
 */
export async function verifyWebhook(
  payload: string | Uint8Array,
  signatureHeader: string | string[] | null | undefined,
  secret: string,
  { toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS, nowSeconds }: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  if (!secret) throw new TypeError('secret is required: the endpoint’s signing secret (whsec_…)');
  const header = Array.isArray(signatureHeader) ? signatureHeader.join(',') : signatureHeader;
  if (!header) throw new WebhookVerificationError('missing-signature', 'The X-Webhook-Signature header is missing.');
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const timestampText = parts.find(([key]) => key === 't')?.[1] ?? '';
  const signatures = parts.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value!)).map(([, v]) => v!);
  if (!/^\d{1,12}$/.test(timestampText) || signatures.length === 0) {
    throw new WebhookVerificationError('malformed-signature', 'The X-Webhook-Signature header is malformed.');
  }
  const timestamp = Number(timestampText);
  const now = nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'stale-timestamp',
      `The signature's timestamp is more than ${toleranceSeconds} seconds from now.`,
    );
  }
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const signed = concat(encoder.encode(`${timestamp}.`), body);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  let matched = false;
  for (const signature of signatures) {
    // HMAC verification recomputes the MAC and compares it in constant time.
    if (await globalThis.crypto.subtle.verify('HMAC', key, fromHex(signature), signed)) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError('bad-signature', 'No signature matches this body and secret.');
  }
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('invalid-body', 'The signed body is not JSON.');
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new WebhookVerificationError('invalid-body', 'The signed body is not a webhook event.');
  }
  return event as WebhookEvent;
}
