import { baseConfigSchema, parseKeyRing } from '@app/platform';
import { z } from 'zod';

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
});

export type IntegrationsConfig = z.infer<typeof integrationsConfigSchema>;
