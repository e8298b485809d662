import { mailConfigShape, redisOnlyConfigSchema } from '@app/platform';
import { z } from 'zod';

/** The mail worker reads Redis (the `mail` queue) and its SMTP server, nothing of any service. */
export const mailConfigSchema = redisOnlyConfigSchema.extend({
  SERVICE_NAME: z.string().default('mail-worker'),
  ...mailConfigShape,
});
export type MailWorkerConfig = z.infer<typeof mailConfigSchema>;
