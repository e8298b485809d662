import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

export const chatSupportConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('chat-support'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  /** Origin of the web app, linked from e-mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
});
export type ChatSupportConfig = z.infer<typeof chatSupportConfigSchema>;
