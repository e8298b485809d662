import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

export const identityConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('identity'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Origin of the web app, used in the links of e-mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  SMTP_URL: z.url().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Payments Platform <no-reply@platform.local>'),
  /** Secure cookies need HTTPS; on by default in production. */
  COOKIE_SECURE: z.stringbool().default(process.env.NODE_ENV === 'production'),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
