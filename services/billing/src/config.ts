import { baseConfigSchema, stripeConfigShape, stripeDevDefault } from '@app/platform';
import { z } from 'zod';

export const billingConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('billing'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  ...stripeConfigShape,
  /** Stripe publishable key handed to the browser by GET /api/billing/config. */
  STRIPE_PUBLISHABLE_KEY: stripeDevDefault(z.string().regex(/^pk_(test|live)_\w+$/), 'pk_test_local'),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: stripeDevDefault(z.string().regex(/^whsec_\w+$/), 'whsec_local_development_only'),
  /** How old a locally incomplete subscription must be before the reconcile job asks Stripe. */
  RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).default(5),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
