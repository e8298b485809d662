import { baseConfigSchema, openAiConfigShape } from '@app/platform';
import { z } from 'zod';

export const reportsAiConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('reports-ai'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3009),
  // OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT_MS: without a key the built-in engine answers.
  ...openAiConfigShape,
  /** Reports one worker process generates at a time (each reads a period's figures and renders two files). */
  REPORT_GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
});
export type ReportsAiConfig = z.infer<typeof reportsAiConfigSchema>;
