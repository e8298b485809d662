import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '@app/platform';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';

/** Injection token of the configured Stripe client. */
export const STRIPE = Symbol('STRIPE');

/** The Stripe SDK; STRIPE_API_* point it at another server (the local fake Stripe). */
export const createStripe = (config: BillingConfig): Stripe =>
  new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'payments-platform-billing' },
  });

export const stripeProvider: Provider = { provide: STRIPE, inject: [APP_CONFIG], useFactory: createStripe };
