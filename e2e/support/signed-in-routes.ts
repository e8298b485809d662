import { pendingRoutes } from '../public/public-site';

/** Spec 2.1's guarded routes, the affiliate pages of a signed-in user and the support admin's page. */
export const signedInRoutes = [
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
  '/wallet',
  '/crypto-wallet',
  '/integrations',
  '/settings',
  '/reports',
  // A plain user's view of the support console: 'Not allowed', not a blank page.
  '/support',
  '/affiliate/dashboard',
  '/affiliate/marketing-toolkit',
].filter((path) => !pendingRoutes.includes(path));
