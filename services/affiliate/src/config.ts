import { baseConfigSchema, openAiConfigShape } from '@app/platform';
import { z } from 'zod';

export const affiliateConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('affiliate'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3006),
  /** The site origin referral links are built on (spec 9: origin + ?ref=CODE). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** With OPENAI_API_KEY the toolkit writes with OpenAI (structured output checked by zod); otherwise the built-in writer. */
  ...openAiConfigShape,
});

export type AffiliateConfig = z.infer<typeof affiliateConfigSchema>;
