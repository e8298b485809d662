/**
 * Every page path the web app routes: its route table (web/src/App.tsx, whose test checks that the
 * two agree). The gateway reads it to answer a page path the app does not route with 404 (issue 39),
 * still with the app's page, which shows its not-found screen; a routed path gets 200.
 */
export const webRoutePaths = [
  '/',
  '/pricing',
  '/solutions',
  '/solutions/payment-processing',
  '/solutions/blockchain-integration',
  '/solutions/compliance',
  '/solutions/crypto-payments',
  '/solutions/real-estate-tokenization',
  '/legal',
  '/legal/terms',
  '/legal/privacy',
  '/legal/aml-policy',
  '/legal/security',
  '/affiliate',
  '/register',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/contact',
  '/payment',
  '/legal/user-guide',
  '/affiliate/register',
  '/affiliate/login',
  '/dashboard',
  '/transactions',
  '/tokenization',
  '/tokenization-info',
  '/compliance',
  '/analytics',
  '/analytics/business-metrics',
  '/analytics/cash-flow',
  '/analytics/customer-segmentation',
  '/analytics/risk-analytics',
  '/analytics/competitive-analysis',
  '/reports',
  '/settings',
  '/integrations',
  '/crypto-wallet',
  '/wallet',
  '/support',
  '/admin/affiliates',
  '/admin/kyc',
  '/affiliate/dashboard',
  '/affiliate/marketing-toolkit',
] as const;

const routed = new Set<string>(webRoutePaths);

/**
 * Whether the web app routes this path (no query): as its router matches, without regard to case
 * or a trailing slash.
 */
export function isWebRoute(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routed.has((trimmed || '/').toLowerCase());
}
