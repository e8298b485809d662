import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

const isProduction = process.env.NODE_ENV === 'production';
/** Local, obviously fake Stripe keys outside production; production must set the real ones. */
const devDefault = (schema: z.ZodString, value: string) => (isProduction ? schema : schema.default(value));

export const billingConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('billing'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  /** Stripe secret API key (sk_live_... / sk_test_...). */
  STRIPE_SECRET_KEY: devDefault(z.string().regex(/^[sr]k_(test|live)_\w+$/), 'sk_test_local'),
  /** Stripe publishable key handed to the browser by GET /api/billing/config. */
  STRIPE_PUBLISHABLE_KEY: devDefault(z.string().regex(/^pk_(test|live)_\w+$/), 'pk_test_local'),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: devDefault(z.string().regex(/^whsec_\w+$/), 'whsec_local_development_only'),
  /** Optional: another Stripe API host (the local fake Stripe in tests and the offline demo). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How old a locally incomplete subscription must be before the reconcile job asks Stripe. */
  RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).default(5),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
