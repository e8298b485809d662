import { deadLetterPath, MAX_UPLOAD_BYTES } from '@app/contracts';
import type { GatewayConfig } from './config';

export type Upstream =
  | 'identity'
  | 'profile'
  | 'chat-support'
  | 'billing'
  | 'integrations'
  | 'affiliate'
  | 'analytics'
  | 'crypto-escrow'
  | 'reports-ai'
  | 'tokenization';

export interface RateLimit {
  /** Requests allowed per window and client address. */
  max: number;
  windowSeconds: number;
}

/** A limit keyed by a field of the JSON body (e.g. the e-mail), besides the client address. */
export interface BodyRateLimit extends RateLimit {
  field: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  upstream: Upstream;
  /** Needs a valid session. */
  session?: boolean;
  /** With a session, also needs a verified e-mail (403 EMAIL_NOT_VERIFIED otherwise). */
  verifiedEmail?: boolean;
  rateLimit?: RateLimit;
  bodyRateLimit?: BodyRateLimit;
  /**
   * Called by a provider (Stripe, Coinbase Commerce, a processor), which signs the raw bytes: exempt
   * from the browser checks (origin, JSON-only), the body streamed through as the provider sent it.
   */
  webhook?: boolean;
  /**
   * A long-lived stream (server-sent events): forwarded over its own upstream connections, as many
   * as there are open streams, so open streams never wait for or hold up the service's other calls.
   */
  stream?: boolean;
  /**
   * A browser's file upload: besides JSON it takes `multipart/form-data` (still from our own pages
   * only), up to `maxBytes` instead of BODY_LIMIT_BYTES. The limit is checked against the declared
   * Content-Length before anything is read; a body streamed without one is refused (411).
   */
  upload?: { maxBytes: number };
}

/** Every documented /api path, the service that owns it and what the gateway checks first. */
export function routeTable(config: GatewayConfig): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/auth/register',
      upstream: 'identity',
      rateLimit: { max: config.RATE_LIMIT_REGISTER_PER_HOUR, windowSeconds: 3600 },
    },
    {
      method: 'POST',
      path: '/api/auth/login',
      upstream: 'identity',
      rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, windowSeconds: 60 },
    },
    { method: 'GET', path: '/api/auth/me', upstream: 'identity' },
    { method: 'POST', path: '/api/auth/refresh', upstream: 'identity' },
    // Sign-out: revokes the refresh family and the access token's session; needs neither to be valid.
    { method: 'POST', path: '/api/auth/logout', upstream: 'identity' },
    // The spec's navigation: identity signs out only when the request came from our own pages.
    { method: 'GET', path: '/api/logout', upstream: 'identity' },
    { method: 'GET', path: '/api/auth/verify-email', upstream: 'identity' },
    {
      method: 'POST',
      path: '/api/auth/send-verification',
      upstream: 'identity',
      session: true,
      rateLimit: { max: config.RATE_LIMIT_SEND_VERIFICATION_PER_HOUR, windowSeconds: 3600 },
    },
    {
      method: 'POST',
      path: '/api/auth/forgot-password',
      upstream: 'identity',
      rateLimit: { max: config.RATE_LIMIT_SEND_VERIFICATION_PER_HOUR, windowSeconds: 3600 },
    },
    {
      method: 'POST',
      path: '/api/auth/reset-password',
      upstream: 'identity',
      rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, windowSeconds: 60 },
    },
    // Identity verification (KYC, Stripe Identity): the account's status, starting a check, ops' list.
    { method: 'GET', path: '/api/kyc/status', upstream: 'identity', session: true, verifiedEmail: true },
    {
      method: 'POST',
      path: '/api/kyc/verification',
      upstream: 'identity',
      session: true,
      verifiedEmail: true,
      rateLimit: { max: config.RATE_LIMIT_KYC_START_PER_HOUR, windowSeconds: 3600 },
    },
    { method: 'GET', path: '/api/kyc/admin/verifications', upstream: 'identity', session: true, verifiedEmail: true },
    // Stripe Identity's endpoint (its own signing secret), verified by identity over the untouched bytes.
    { method: 'POST', path: '/api/webhooks/stripe-identity', upstream: 'identity', webhook: true },
    { method: 'GET', path: '/api/user/profile', upstream: 'profile', session: true, verifiedEmail: true },
    { method: 'PUT', path: '/api/user/profile', upstream: 'profile', session: true, verifiedEmail: true },
    {
      method: 'POST',
      path: '/api/contact',
      upstream: 'chat-support',
      rateLimit: { max: config.RATE_LIMIT_CONTACT_PER_HOUR, windowSeconds: 3600 },
      bodyRateLimit: { field: 'email', max: config.RATE_LIMIT_CONTACT_PER_EMAIL_PER_HOUR, windowSeconds: 3600 },
    },
    // Spec 7's chat widget calls; chat-support limits them per user (CHAT_RATE_LIMIT_PER_MINUTE).
    ...['initialize', 'sentiment', 'message', 'escalate'].map((call): Route => ({
      method: 'POST',
      path: `/api/chat/${call}`,
      upstream: 'chat-support',
      session: true,
      verifiedEmail: true,
    })),
    // The widget reads the chat so far (agents' replies included) when it opens; owner only.
    { method: 'GET', path: '/api/chat/history', upstream: 'chat-support', session: true, verifiedEmail: true },
    // Agents' replies reach the open widget live (server-sent events); owner only.
    {
      method: 'GET',
      path: '/api/chat/stream',
      upstream: 'chat-support',
      session: true,
      verifiedEmail: true,
      stream: true,
    },
    ...supportRoutes,
    { method: 'GET', path: '/api/plans', upstream: 'billing' },
    { method: 'GET', path: '/api/billing/config', upstream: 'billing' },
    { method: 'POST', path: '/api/create-subscription', upstream: 'billing', session: true, verifiedEmail: true },
    { method: 'GET', path: '/api/billing/subscription', upstream: 'billing', session: true, verifiedEmail: true },
    {
      method: 'POST',
      path: '/api/billing/subscription/cancel',
      upstream: 'billing',
      session: true,
      verifiedEmail: true,
    },
    // Stripe calls this; the service verifies the signature over the bytes the gateway streams through untouched.
    { method: 'POST', path: '/api/webhooks/stripe', upstream: 'billing', webhook: true },
    ...integrationRoutes,
    ...affiliateRoutes,
    ...analyticsRoutes(config),
    ...cryptoRoutes(config),
    ...reportRoutes(config),
    ...tokenizationRoutes(config),
    ...deadLetterRoutes,
  ];
}

/** Issue 16: the support team's queue (chat-support checks the role: support or admin). */
const supportRoutes: Route[] = (
  [
    ['GET', '/api/support/queue'],
    ['GET', '/api/support/conversations/:id'],
    ['POST', '/api/support/conversations/:id/claim'],
    ['POST', '/api/support/conversations/:id/reply'],
    ['POST', '/api/support/conversations/:id/resolve'],
    ['POST', '/api/support/tickets/:id/claim'],
    ['POST', '/api/support/tickets/:id/resolve'],
  ] as const
).map(([method, path]): Route => ({ method, path, upstream: 'chat-support', session: true, verifiedEmail: true }));

/** The services whose event consumers keep dead letters (packages/platform, docs/events.md). */
export const eventConsumers = [
  'profile',
  'affiliate',
  'analytics',
  'chat-support',
  'crypto-escrow',
  'reports-ai',
  'tokenization',
] as const satisfies readonly Upstream[];

/** Ops only: list a consumer's dead letters and replay them (the service checks the admin role). */
const deadLetterRoutes: Route[] = eventConsumers.flatMap((service) =>
  (
    [
      ['GET', deadLetterPath(service)],
      ['POST', `${deadLetterPath(service)}/replay`],
      ['POST', `${deadLetterPath(service)}/:id/replay`],
    ] as const
  ).map(([method, path]): Route => ({ method, path, upstream: service, session: true, verifiedEmail: true })),
);

const integrationRoutes: Route[] = [
  ...(['GET', 'POST'] as const).flatMap((method) =>
    ['/api/integrations/payment-processors', '/api/integrations/pos-systems'].map((path): Route => ({
      method,
      path,
      upstream: 'integrations',
      session: true,
      verifiedEmail: true,
    })),
  ),
  {
    method: 'PUT',
    path: '/api/integrations/payment-processors/:id',
    upstream: 'integrations',
    session: true,
    verifiedEmail: true,
  },
  { method: 'GET', path: '/api/integrations/analytics', upstream: 'integrations', session: true, verifiedEmail: true },
  // Processors and POS systems post here; the integration's signing secret authenticates the raw bytes.
  { method: 'POST', path: '/api/integrations/webhooks/:id', upstream: 'integrations', webhook: true },
];

/** Spec 7's /api/affiliate calls and the ops endpoints (the service also checks the admin role). */
const affiliateRoutes: Route[] = [
  ...(
    [
      ['GET', '/api/affiliate/profile'],
      ['GET', '/api/affiliate/referrals'],
      ['GET', '/api/affiliate/payouts'],
      ['GET', '/api/affiliate/stats'],
      ['POST', '/api/affiliate/register'],
      ['POST', '/api/affiliate/request-payout'],
      ['POST', '/api/affiliate/create-demo'],
      ['POST', '/api/affiliate/generate-marketing-assets'],
      ['POST', '/api/affiliate/generate-custom-content'],
      ['POST', '/api/affiliate/generate-value-proposition'],
      ['GET', '/api/affiliate/admin/applications'],
      ['POST', '/api/affiliate/admin/applications/:id/status'],
      ['GET', '/api/affiliate/admin/payouts'],
      ['POST', '/api/affiliate/admin/payouts/:id/status'],
    ] as const
  ).map(([method, path]): Route => ({ method, path, upstream: 'affiliate', session: true, verifiedEmail: true })),
  // A visitor's browser, before any account exists, asks how long to keep a ?ref= code.
  { method: 'GET', path: '/api/affiliate/referral-codes/:code', upstream: 'affiliate' },
];

/** Spec 7's dashboard, transactions, blockchain, compliance and analytics reads, and page-view ingest. */
function analyticsRoutes(config: GatewayConfig): Route[] {
  return [
    ...[
      '/api/dashboard/stats',
      '/api/transactions',
      '/api/blockchain/status',
      '/api/compliance/records',
      '/api/analytics/business-metrics',
      '/api/analytics/cash-flow',
      '/api/analytics/customer-segmentation',
      '/api/analytics/risk',
      '/api/analytics/competitive',
      '/api/analytics/transaction-volume',
      '/api/analytics/transaction-summary',
    ].map((path): Route => ({ method: 'GET', path, upstream: 'analytics', session: true, verifiedEmail: true })),
    // Page views of public pages too: the service records the user when a session cookie comes along.
    {
      method: 'POST',
      path: '/api/analytics/events',
      upstream: 'analytics',
      rateLimit: { max: config.RATE_LIMIT_ANALYTICS_EVENTS_PER_MINUTE, windowSeconds: 60 },
    },
  ];
}

/** Spec 7's /api/crypto calls; the user always comes from the session. */
function cryptoRoutes(config: GatewayConfig): Route[] {
  return [
    ...(
      [
        ['POST', '/api/crypto/coinbase/charge'],
        ['GET', '/api/crypto/coinbase/charge/:id'],
        ['POST', '/api/crypto/xrp/wallet/generate'],
        ['POST', '/api/crypto/xrp/condition'],
        ['POST', '/api/crypto/xrp/escrow/create'],
        ['POST', '/api/crypto/xrp/escrow/finish'],
        ['POST', '/api/crypto/xrp/escrow/cancel'],
        ['GET', '/api/crypto/xrp/escrows'],
        ['GET', '/api/crypto/xrp/escrows/:address'],
        ['GET', '/api/crypto/xrp/account/:address'],
        ['POST', '/api/crypto/xrp/payment'],
      ] as const
    ).map(([method, path]): Route => ({ method, path, upstream: 'crypto-escrow', session: true, verifiedEmail: true })),
    // Coinbase Commerce calls this; the service verifies X-CC-Webhook-Signature over the untouched bytes.
    {
      method: 'POST',
      path: '/api/crypto/coinbase/webhook',
      upstream: 'crypto-escrow',
      webhook: true,
      rateLimit: { max: config.RATE_LIMIT_CRYPTO_WEBHOOK_PER_MINUTE, windowSeconds: 60 },
    },
  ];
}

/** Spec 7's /api/reports calls; reports-ai answers only the owner (another user's id is a 404). */
function reportRoutes(config: GatewayConfig): Route[] {
  const owned = { upstream: 'reports-ai', session: true, verifiedEmail: true } as const;
  // Generating queues a render and analysing may call OpenAI: limited per client address, each route apart.
  const costly = { ...owned, rateLimit: { max: config.RATE_LIMIT_REPORTS_PER_MINUTE, windowSeconds: 60 } };
  return [
    { method: 'POST', path: '/api/reports/generate', ...costly },
    { method: 'GET', path: '/api/reports', ...owned },
    { method: 'GET', path: '/api/reports/:id', ...owned },
    { method: 'GET', path: '/api/reports/download/:id', ...owned },
    { method: 'POST', path: '/api/reports/analyze', ...costly },
  ];
}

/**
 * Issue 19's /api/tokenization calls; tokenization checks the region (from the client address the
 * gateway forwards), KYC and the wholesale declaration itself, and answers only the owner.
 */
function tokenizationRoutes(config: GatewayConfig): Route[] {
  const owned = { upstream: 'tokenization', session: true, verifiedEmail: true } as const;
  return [
    { method: 'GET', path: '/api/tokenization/eligibility', ...owned },
    // A property's fields and its documents in one multipart body, limited per client address.
    {
      method: 'POST',
      path: '/api/tokenization/upload',
      ...owned,
      upload: { maxBytes: MAX_UPLOAD_BYTES },
      rateLimit: { max: config.RATE_LIMIT_TOKENIZATION_UPLOAD_PER_HOUR, windowSeconds: 3600 },
    },
    ...(
      [
        ['GET', '/api/tokenization/properties'],
        ['GET', '/api/tokenization/properties/:id'],
        ['GET', '/api/tokenization/properties/:id/documents/:documentId'],
        ['POST', '/api/tokenization/properties/:id/compliance-check'],
        ['POST', '/api/tokenization/properties/:id/contract'],
        ['GET', '/api/tokenization/summary'],
        ['GET', '/api/tokenization/wholesale-declaration'],
        ['PUT', '/api/tokenization/wholesale-declaration'],
        ['POST', '/api/tokenization/properties/:id/investments'],
        ['GET', '/api/tokenization/investments'],
        ['GET', '/api/tokenization/investments/:id'],
      ] as const
    ).map(([method, path]): Route => ({ method, path, ...owned })),
    // Stripe's endpoint for investments paid by card (its own signing secret), verified over the untouched bytes.
    { method: 'POST', path: '/api/webhooks/stripe-tokenization', upstream: 'tokenization', webhook: true },
  ];
}

/** Whether a request path is one of the routes' paths (`:name` segments match any one segment). */
export function isKnownPath(routes: Route[], path: string): boolean {
  const segments = path.split('/');
  return routes.some((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    );
  });
}

export const upstreamUrls = (config: GatewayConfig): Record<Upstream, string> => ({
  identity: config.IDENTITY_URL,
  profile: config.PROFILE_URL,
  'chat-support': config.CHAT_SUPPORT_URL,
  billing: config.BILLING_URL,
  integrations: config.INTEGRATIONS_URL,
  affiliate: config.AFFILIATE_URL,
  analytics: config.ANALYTICS_URL,
  'crypto-escrow': config.CRYPTO_ESCROW_URL,
  'reports-ai': config.REPORTS_AI_URL,
  tokenization: config.TOKENIZATION_URL,
});
