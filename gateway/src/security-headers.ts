import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once: they are the same for every response, and running helmet per
 * request (as @fastify/helmet does) re-parses the CSP directives each time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The gateway's policy: only our own origin, plus Stripe.js and its iframes for checkout. `stripeJsUrl`:
 * where Stripe.js loads from when not Stripe's own (the local fake Stripe's stand-in): its origin may
 * serve scripts and frames and take the calls the script makes.
 */
export function gatewaySecurityHeaders(production: boolean, stripeJsUrl?: string): Record<string, string> {
  const stripeJs = stripeJsUrl ? new URL(stripeJsUrl).origin : undefined;
  const and = (...sources: (string | undefined)[]) => sources.filter((source): source is string => !!source);
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card iframes for checkout; card data never reaches our servers.
        scriptSrc: and("'self'", 'https://js.stripe.com', stripeJs),
        frameSrc: and("'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', stripeJs),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: and("'self'", 'https://api.stripe.com', stripeJs),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production,
  });
}
