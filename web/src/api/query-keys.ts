/** Every react-query key of the web app, in one place. */
export const queryKeys = {
  currentUser: ['auth', 'me'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
  profile: ['user', 'profile'] as const,
  plans: ['billing', 'plans'] as const,
  billingConfig: ['billing', 'config'] as const,
  subscription: ['billing', 'subscription'] as const,
  /** The prefix of every integrations key: mutations invalidate all of them at once. */
  integrations: ['integrations'] as const,
  paymentProcessors: ['integrations', 'payment-processors'] as const,
  posSystems: ['integrations', 'pos-systems'] as const,
  integrationsAnalytics: ['integrations', 'analytics'] as const,
  /** The prefix of every affiliate key: a payout or a new account refetches all of them. */
  affiliate: ['affiliate'] as const,
  affiliateProfile: ['affiliate', 'profile'] as const,
  affiliateReferrals: ['affiliate', 'referrals'] as const,
  affiliatePayouts: ['affiliate', 'payouts'] as const,
  affiliateStats: ['affiliate', 'stats'] as const,
  /** The prefix of the admin lists; a status change refetches both. */
  affiliateAdmin: ['affiliate', 'admin'] as const,
  adminApplications: (status: string) => ['affiliate', 'admin', 'applications', status] as const,
  adminPayouts: (status: string) => ['affiliate', 'admin', 'payouts', status] as const,
};
