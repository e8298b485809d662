import type { Provider } from '@nestjs/common';
import OpenAI from 'openai';
import { z } from 'zod';
import { APP_CONFIG } from '../config/config';

/**
 * The OpenAI settings of a service that asks a model (`baseConfigSchema.extend({ ...openAiConfigShape })`):
 * without OPENAI_API_KEY the service's built-in engine answers; OPENAI_BASE_URL points at any
 * OpenAI-compatible server (Ollama, vLLM, the tests' fake).
 */
export const openAiConfigShape = {
  OPENAI_API_KEY: z.string().trim().optional(),
  /** Unset or empty: OpenAI's own API. */
  OPENAI_BASE_URL: z
    .union([z.literal(''), z.url()])
    .optional()
    .transform((url) => url || undefined),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** How long a call may take before the built-in engine answers instead. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
};
export type OpenAiConfig = z.output<z.ZodObject<typeof openAiConfigShape>>;

/** The OpenAI client, or null without OPENAI_API_KEY (the service then uses its built-in engine). */
export const OPENAI_CLIENT = Symbol('OPENAI_CLIENT');

export const openAiClientProvider: Provider = {
  provide: OPENAI_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (config: OpenAiConfig): OpenAI | null =>
    config.OPENAI_API_KEY
      ? new OpenAI({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          timeout: config.OPENAI_TIMEOUT_MS,
          maxRetries: 1,
        })
      : null,
};
