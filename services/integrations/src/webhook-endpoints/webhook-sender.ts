import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { webhookEventHeader, webhookIdHeader, webhookSignatureHeader, type WebhookEnvelope } from '@app/contracts';
import { APP_CONFIG, signWebhook } from '@app/platform';
import type { IntegrationsConfig } from '../config';
import {
  checkDestination,
  DestinationRefusedError,
  parsePortList,
  pinnedLookup,
  type CheckedDestination,
  type DestinationPolicy,
} from './destination-guard';

export interface SendResult {
  /** The endpoint's status, null when none came. */
  statusCode: number | null;
  /** Until the status line arrived (or the attempt failed), null when no connection was tried. */
  latencyMs: number | null;
  /** A 2xx. */
  succeeded: boolean;
  /** Why not, for the delivery log; null on success. */
  error: string | null;
}

export const USER_AGENT = 'PaymentsPlatform-Webhooks/1.0';

/** A refusal or network failure in words for the delivery log. */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof DestinationRefusedError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'WEBHOOK_TIMEOUT') return `No answer within ${timeoutMs / 1000} s`;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET') return 'Connection reset';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `TLS error: ${code}`;
  return code ? `Network error: ${code}` : `Network error: ${(error as Error).message}`;
}

/**
 * Makes one HTTP attempt of a delivery. The destination is checked again at every attempt (a name
 * can change what it resolves to) and the connection is pinned to the checked address. Redirects
 * are not followed (a 3xx is a failed attempt): following one would go somewhere unchecked.
 */
@Injectable()
export class WebhookSender {
  readonly policy: DestinationPolicy;
  private readonly timeoutMs: number;

  constructor(@Inject(APP_CONFIG) config: IntegrationsConfig) {
    this.policy = {
      // Production parses no loopback ports (its config refuses any); the NODE_ENV check is a second lock.
      loopbackPorts: config.NODE_ENV === 'production' ? [] : parsePortList(config.WEBHOOK_LOOPBACK_PORTS),
      httpsOnly: config.NODE_ENV === 'production',
      reservedPorts: [config.PORT, config.METRICS_PORT].filter((port) => port > 0),
    };
    this.timeoutMs = config.WEBHOOK_TIMEOUT_MS;
  }

  /** Refuses a URL the policy does not allow (DestinationRefusedError), as registration does. */
  check(url: string): Promise<CheckedDestination> {
    return checkDestination(url, this.policy);
  }

  async send(url: string, secret: string, envelope: WebhookEnvelope): Promise<SendResult> {
    let destination: CheckedDestination;
    try {
      destination = await this.check(url);
    } catch (error) {
      return { statusCode: null, latencyMs: null, succeeded: false, error: describe(error, this.timeoutMs) };
    }
    const body = Buffer.from(JSON.stringify(envelope));
    const headers = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': USER_AGENT,
      [webhookIdHeader]: envelope.id,
      [webhookEventHeader]: envelope.type,
      // Signed at each attempt: the timestamp is the attempt's, within the receiver's tolerance.
      [webhookSignatureHeader]: signWebhook(secret, body),
    };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await this.post(destination, headers, body);
      const latencyMs = elapsed();
      const statusCode = response.statusCode ?? 0;
      const succeeded = statusCode >= 200 && statusCode < 300;
      return { statusCode, latencyMs, succeeded, error: succeeded ? null : `HTTP ${statusCode}` };
    } catch (error) {
      return { statusCode: null, latencyMs: elapsed(), succeeded: false, error: describe(error, this.timeoutMs) };
    }
  }

  /** Resolves with the response once its status line is in; its body is drained and dropped. */
  private post(
    destination: CheckedDestination,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<IncomingMessage> {
    const request = destination.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(destination.url, {
        method: 'POST',
        headers,
        agent: false,
        lookup: pinnedLookup(destination),
      });
      // The whole attempt, connect to status line, and then the body, is bounded by one timer.
      const timer = setTimeout(
        () => req.destroy(Object.assign(new Error('timeout'), { code: 'WEBHOOK_TIMEOUT' })),
        this.timeoutMs,
      );
      req.on('response', (response) => {
        response.on('error', () => undefined);
        response.on('close', () => clearTimeout(timer));
        response.resume();
        resolve(response);
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end(body);
    });
  }
}
