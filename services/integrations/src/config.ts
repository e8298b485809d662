import { baseConfigSchema, parseKeyRing } from '@app/platform';
import { z } from 'zod';
import { DEFAULT_LOOPBACK_PORTS, parsePortList } from './webhook-endpoints/destination-guard';

const isProduction = process.env.NODE_ENV === 'production';
/** An obviously local key outside production; production must set its own. */
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);
const localKey = `k0:${Buffer.from('integrations-local-dev-key-only!').toString('base64')}`;

const keyRing = z.string().superRefine((value, context) => {
  try {
    parseKeyRing(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/**
 * WEBHOOK_LOOPBACK_PORTS: ports and ranges (`9000-9099,9500`), checked here and read into ranges
 * where used (parsePortList); `fallback` when unset.
 */
const portList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .superRefine((text, context) => {
      try {
        parsePortList(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    });

export const integrationsConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('integrations'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3005),
  /**
   * Keys encrypting API keys, secrets and signing secrets at rest (AES-256-GCM):
   * `kid:<base64 of 32 bytes>` entries separated by commas. Keep retired keys listed until
   * nothing sealed with them is left.
   */
  INTEGRATIONS_ENCRYPTION_KEYS: devDefault(keyRing, localKey),
  /** The key id new secrets are sealed with; one of INTEGRATIONS_ENCRYPTION_KEYS (checked at start by SecretBox). */
  INTEGRATIONS_ENCRYPTION_KEY_ID: devDefault(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), 'k0'),
  /** Square's API base URL (the sandbox is https://connect.squareupsandbox.com). */
  SQUARE_API_BASE: z.url().default('https://connect.squareup.com'),
  /** How long a provider API call may take before the sync counts as failed. */
  SYNC_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The loopback ports (127.0.0.0/8, ::1) outgoing webhooks may go to: ports and ranges separated
   * by commas, for receivers on the developer's machine and the tests' (9000-9099 by default).
   * The platform's own ports (destination-guard's PLATFORM_PORTS, this process's PORT and
   * METRICS_PORT) stay refused whatever it lists, as do private and link-local ranges. Production
   * allows no loopback: empty by default there, and anything else refused at start.
   */
  WEBHOOK_LOOPBACK_PORTS: isProduction
    ? portList('').refine(
        (text) => text.split(',').every((part) => part.trim() === ''),
        'must be empty in production (no loopback webhooks)',
      )
    : portList(DEFAULT_LOOPBACK_PORTS),
  /**
   * The first retry's delay; each later one doubles (1, 2, 4 … minutes by default), the last
   * falling due when WEBHOOK_RETRY_WINDOW_MS has passed since the event: 12 attempts in 24 hours.
   */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** How long after an event its delivery is retried before it counts as failed. */
  WEBHOOK_RETRY_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(7 * 86_400_000)
    .default(86_400_000),
  /** How long an endpoint has to answer an attempt (connect to status line). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Attempts the worker makes at once (each waits up to WEBHOOK_TIMEOUT_MS on a slow endpoint). */
  WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
});

export type IntegrationsConfig = z.infer<typeof integrationsConfigSchema>;
