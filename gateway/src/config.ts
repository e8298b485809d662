import { resolve } from 'node:path';
import { API_KEY_CACHE_MAX_MS } from '@app/contracts';
import { baseConfigSchema } from '@app/platform/config';
import { z } from 'zod';

const rate = (perWindow: number) => z.coerce.number().int().min(1).default(perWindow);

/** Settings of the services the gateway has no use for: it stores nothing and reads no events. */
const notRead = { DATABASE_URL: true, DATABASE_ADMIN_URL: true, KAFKA_BROKERS: true } as const;

export const gatewayConfigSchema = baseConfigSchema.omit(notRead).extend({
  SERVICE_NAME: z.string().default('gateway'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_URL: z.url().default('http://127.0.0.1:3001'),
  PROFILE_URL: z.url().default('http://127.0.0.1:3002'),
  CHAT_SUPPORT_URL: z.url().default('http://127.0.0.1:3003'),
  BILLING_URL: z.url().default('http://127.0.0.1:3004'),
  INTEGRATIONS_URL: z.url().default('http://127.0.0.1:3005'),
  AFFILIATE_URL: z.url().default('http://127.0.0.1:3006'),
  ANALYTICS_URL: z.url().default('http://127.0.0.1:3007'),
  CRYPTO_ESCROW_URL: z.url().default('http://127.0.0.1:3008'),
  REPORTS_AI_URL: z.url().default('http://127.0.0.1:3009'),
  TOKENIZATION_URL: z.url().default('http://127.0.0.1:3010'),
  /** The web app's address as users reach it: its origin is the one allowed to send state-changing requests. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** The built web app; served with an SPA fallback when the folder exists. */
  WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
  /**
   * Where the web app loads Stripe.js from when not Stripe's own (billing's STRIPE_JS_URL, the same
   * address): its origin is allowed by the Content-Security-Policy for scripts and for the calls it makes.
   */
  STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Largest request body forwarded, in bytes (services enforce the same); uploads have their own (routes.ts). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  RATE_LIMIT_LOGIN_PER_MINUTE: rate(10),
  RATE_LIMIT_REGISTER_PER_HOUR: rate(20),
  RATE_LIMIT_SEND_VERIFICATION_PER_HOUR: rate(5),
  /** Each start is a paid identity check at the provider. */
  RATE_LIMIT_KYC_START_PER_HOUR: rate(10),
  RATE_LIMIT_CONTACT_PER_HOUR: rate(10),
  RATE_LIMIT_CONTACT_PER_EMAIL_PER_HOUR: rate(5),
  RATE_LIMIT_ANALYTICS_EVENTS_PER_MINUTE: rate(120),
  RATE_LIMIT_CRYPTO_WEBHOOK_PER_MINUTE: rate(600),
  /** Report generations and analyses: each queues work or may call OpenAI. */
  RATE_LIMIT_REPORTS_PER_MINUTE: rate(10),
  /** Property submissions: each carries up to five documents (MAX_UPLOAD_BYTES) for the service to store. */
  RATE_LIMIT_TOKENIZATION_UPLOAD_PER_HOUR: rate(30),
  /** Creating and rotating API keys (issue 20), per client address. */
  RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR: rate(30),
  /** Registering webhook endpoints (each is a destination the platform will call), per client address. */
  RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR: rate(30),
  /** Calls made with one API key, whatever the client address. */
  RATE_LIMIT_API_KEY_PER_MINUTE: rate(300),
  /** How long a keyed POST's answer is kept and given again to its retries (gateway/src/idempotency). */
  IDEMPOTENCY_KEY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
  /**
   * How long a resolved API key is trusted before identity is asked again: a revoked key stops
   * working within this (at most API_KEY_CACHE_MAX_MS, 5 s).
   */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(API_KEY_CACHE_MAX_MS).default(API_KEY_CACHE_MAX_MS),
  /** How long a verified access token is trusted without checking its signature again. */
  TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /**
   * Which proxies in front may set X-Forwarded-For (the client address used for rate limits):
   * "loopback", "true" (any: only behind a proxy that overwrites the header), or addresses/CIDRs
   * separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/, -]+$/)
    .default('loopback')
    .transform((value): boolean | string[] =>
      value === 'true'
        ? true
        : value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
    ),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
