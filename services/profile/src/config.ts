import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

export const profileConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('profile'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3002),
});
