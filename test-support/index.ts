import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServiceApp, InternalServer } from '@app/platform';
import { Client } from 'pg';

const run = promisify(execFile);
const root = resolve(__dirname, '..');

/** A service's HTTP app on a free port, as main.ts would start it. */
export async function startApp(module: unknown): Promise<{ app: INestApplication; url: string }> {
  const app = await createServiceApp(module);
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/** A worker's modules without HTTP, as worker.ts would start them. */
export async function startWorker(module: unknown): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module as never, { logger: false });
  await app.init();
  return app;
}

/** The internal port (/metrics, /health/*) of an app from startApp or startWorker, on a free port. */
export const startInternalPort = (app: INestApplicationContext): Promise<string> =>
  app.get(InternalServer).listen(0, '127.0.0.1');

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 30000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The rate limiters count in fixed calendar minutes (packages/platform's RateLimiter): waits, only
 * if fewer than `needMs` of the current minute are left, for the next one, so the hits a test
 * counts land in one window however busy the machine.
 */
export async function roomInMinuteWindow(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((done) => setTimeout(done, left + 100));
}

/** A response's JSON body, typed as the test expects it. */
export const bodyOf = async <T = Record<string, unknown>>(response: Response): Promise<T> =>
  (await response.json()) as T;

export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The id of the account registered with `email`: registration does not answer it (a taken address
 * must get the same answer as a new one), so a test that needs it reads identity's table.
 */
export async function userIdOf(email: string): Promise<string> {
  const [user] = await query<{ id: string }>('SELECT id FROM identity.users WHERE email = lower($1)', [email]);
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

interface SinkMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** Reads mail the services sent from the local SMTP sink (maildev's REST API). */
export async function waitForMail(to: string, subject: string, timeoutMs = 30000): Promise<SinkMail> {
  const sink = process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:1080';
  return waitFor(
    async () => {
      const mails = (await (await fetch(`${sink}/email`)).json()) as SinkMail[];
      return mails.find((mail) => mail.subject.includes(subject) && mail.to.some((r) => r.address === to));
    },
    timeoutMs,
    `mail "${subject}" to ${to}`,
  );
}

export const linkIn = (mail: SinkMail, path: string): string => {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w%-]+`));
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[0];
};

/**
 * A Kafka broker of the test's own (scripts/infra/kafka.sh with its own data directory and port,
 * one per jest worker), for a test that stops and starts its broker: the machine's shared broker,
 * which the other workers and the e2e stack use, is never stopped. `brokers` is known before it
 * starts, so a test can point its services' KAFKA_BROKERS at it before loading their modules.
 */
export class PrivateKafkaBroker {
  readonly port = 19_100 + 2 * Number(process.env.JEST_WORKER_ID ?? '1');
  readonly brokers = `127.0.0.1:${this.port}`;
  private readonly home = resolve(root, '.local', `kafka-private-${this.port}`);

  private kafkaSh(command: 'start' | 'stop'): Promise<unknown> {
    return run('bash', [resolve(root, 'scripts/infra/kafka.sh'), command], {
      env: { ...process.env, KAFKA_HOME: this.home, KAFKA_PORT: String(this.port) },
    });
  }

  /** Starts an empty broker (a previous run's data removed). */
  async create(): Promise<void> {
    await this.kafkaSh('stop');
    await rm(this.home, { recursive: true, force: true });
    await this.kafkaSh('start');
  }

  start = (): Promise<unknown> => this.kafkaSh('start');
  stop = (): Promise<unknown> => this.kafkaSh('stop');

  /** Stops the broker and removes its data. */
  async destroy(): Promise<void> {
    await this.kafkaSh('stop');
    await rm(this.home, { recursive: true, force: true });
  }
}

/** A minimal cookie jar for driving the API like a browser. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.header());
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    this.store(response);
    return response;
  }
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

/** A raw HTTP request: any method, any header and any body, even on GET (fetch allows neither). */
export function rawRequest(
  url: string,
  method: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawReply> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  const headers = { ...(body ? { 'content-length': String(body.length) } : {}), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export { transactionRecordedFields, uniqueEmail, validAffiliateApplication, validRegistration } from './fixtures';
export {
  accessCookie,
  accessToken,
  forgedToken,
  impostorKey,
  newSigningKey,
  OLD_SHARED_SECRET,
  testSigningKey,
  testTokenHeader,
} from './access-tokens';
export { largestEvent } from './largest-events';
export { connectEventProducer, eventMessage, eventTopic, testConsumerConfig } from './event-producer';
export { openEventStream, type EventStream, type StreamEvent } from './event-stream';
export { LocalEvmNode } from './local-evm-node';
export { FakeStripePaymentsProcess, type FakePaymentIntent } from './fake-stripe-payments';
export { startMailWorker } from './mail-worker';
export { expectNoMail, mailsTo, theOnlyMail } from './mail-sink';
export { expectServesItsDescribedRoutes, routeCoverage, servedRoutes, type RouteCoverage } from './route-coverage';
export { listenAsWebhookReceiver, WEBHOOK_RECEIVER_PORTS } from './webhook-receiver';
