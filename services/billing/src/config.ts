import { baseConfigSchema, stripeConfigShape, stripeDevDefault } from '@app/platform';
import { z } from 'zod';

export const billingConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('billing'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  ...stripeConfigShape,
  /** Stripe publishable key handed to the browser by GET /api/billing/config. */
  STRIPE_PUBLISHABLE_KEY: stripeDevDefault(z.string().regex(/^pk_(test|live)_\w+$/), 'pk_test_local'),
  /**
   * Where the browser loads Stripe.js from (GET /api/billing/config); unset: Stripe's own
   * (https://js.stripe.com, the version @stripe/stripe-js pins). The local fake Stripe's stand-in offline;
   * the gateway's STRIPE_JS_URL must name the same (its Content-Security-Policy allows that origin).
   */
  STRIPE_JS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: stripeDevDefault(z.string().regex(/^whsec_\w+$/), 'whsec_local_development_only'),
  /** How old a locally incomplete subscription must be before the reconcile job asks Stripe. */
  RECONCILE_AFTER_MINUTES: z.coerce.number().int().min(1).default(5),
  /** Days before a crypto-paid period ends that the payer is mailed a link to pay the next one. */
  CRYPTO_RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** The site's address, for the checkout link in the renewal reminder. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
