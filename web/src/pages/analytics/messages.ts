/**
 * Texts of the Transaction Analytics screen. Spec 8 names none for it, so they are not in
 * analyticsMessages (the other five screens' texts come from @app/contracts).
 */
export const transactionAnalyticsMessages = {
  failedTitle: 'Failed to load transaction analytics',
  failed: 'Unable to fetch transaction analytics. Please try again.',
  empty: 'No transactions in the selected range.',
} as const;
