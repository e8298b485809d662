import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

export const affiliateConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('affiliate'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3006),
  /** The site origin referral links are built on (spec 9: origin + ?ref=CODE). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** When set, the toolkit writes with OpenAI (structured output checked by zod); otherwise the built-in writer. */
  OPENAI_API_KEY: z.string().trim().optional(),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** How long a toolkit call to OpenAI may take before the built-in writer answers instead. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
});

export type AffiliateConfig = z.infer<typeof affiliateConfigSchema>;
