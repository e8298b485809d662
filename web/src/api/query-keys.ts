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
};
