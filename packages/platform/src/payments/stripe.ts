import type { Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import { APP_CONFIG } from '../config/config';
import { AppError } from '../errors/app-error';

const isProduction = process.env.NODE_ENV === 'production';
/** Local, obviously fake Stripe keys outside production; production must set the real ones. */
export const stripeDevDefault = (schema: z.ZodString, value: string) => (isProduction ? schema : schema.default(value));

/**
 * The Stripe settings of a service that calls Stripe (`baseConfigSchema.extend({ ...stripeConfigShape })`):
 * the secret key, and STRIPE_API_* to point the SDK at another server (the local fake Stripe in
 * tests and the offline `make up`). Each service adds the signing secret of its own webhook endpoint.
 */
export const stripeConfigShape = {
  /** Stripe secret API key (sk_live_... / sk_test_..., or a restricted rk_ key). */
  STRIPE_SECRET_KEY: stripeDevDefault(z.string().regex(/^[sr]k_(test|live)_\w+$/), 'sk_test_local'),
  /** Optional: another Stripe API host (the local fake Stripe in tests and the offline demo). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
};
export type StripeConfig = z.output<z.ZodObject<typeof stripeConfigShape>> & { SERVICE_NAME: string };

/** Injection token of the configured Stripe client. */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/** The Stripe SDK as the service's settings configure it. */
export const createStripe = (config: StripeConfig): Stripe =>
  new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: `payments-platform-${config.SERVICE_NAME}` },
  });

export const stripeClientProvider: Provider = {
  provide: STRIPE_CLIENT,
  inject: [APP_CONFIG],
  useFactory: createStripe,
};

/**
 * The Stripe event a webhook's raw body carries, if its Stripe-Signature is valid and fresh
 * (default tolerance 5 minutes) for the endpoint's signing secret; otherwise a 400 that changes nothing.
 */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
  secret: string,
): Stripe.Event {
  if (!rawBody || typeof signature !== 'string' || !signature) {
    throw new AppError(ErrorCode.InvalidSignature, 'Missing Stripe signature.');
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError(ErrorCode.InvalidSignature, 'Invalid Stripe signature.');
  }
}
