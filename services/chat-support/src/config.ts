import { contactDefaults } from '@app/contracts';
import { baseConfigSchema, openAiConfigShape } from '@app/platform';
import { z } from 'zod';

export const chatSupportConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('chat-support'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  /** Origin of the web app, linked from e-mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  // OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT_MS: without a key the built-in engine answers.
  ...openAiConfigShape,
  /** Chat calls (initialize, sentiment, message, escalate, history together) one signed-in user may make per minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /**
   * First-response SLA of an escalated chat, in business minutes (Mon-Fri 9:00-18:00 NZ time):
   * 540, one business day, is the policy's "we reply within 24 hours".
   */
  SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES: z.coerce.number().int().min(1).max(50_000).default(540),
  /** The support team's address: told by e-mail when an escalated chat breaches its SLA. */
  SUPPORT_EMAIL: z.email().default(contactDefaults.supportEmail),
});
export type ChatSupportConfig = z.infer<typeof chatSupportConfigSchema>;
