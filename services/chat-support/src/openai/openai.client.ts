import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '@app/platform';
import OpenAI from 'openai';
import type { ChatSupportConfig } from '../config';

/** The OpenAI client (OPENAI_BASE_URL: any OpenAI-compatible server), or null without OPENAI_API_KEY. */
export const OPENAI_CLIENT = Symbol('OPENAI_CLIENT');

export const openAiClientProvider: Provider = {
  provide: OPENAI_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (config: ChatSupportConfig): OpenAI | null =>
    config.OPENAI_API_KEY
      ? new OpenAI({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          timeout: config.OPENAI_TIMEOUT_MS,
          maxRetries: 1,
        })
      : null,
};
