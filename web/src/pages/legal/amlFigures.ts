/** Spec 9: the figures the AML Policy and the User Guide state. Amounts are in New Zealand dollars or the equivalent. */
export const amlFigures = {
  largeTransactionScreening: '$3,000',
  enhancedDueDiligence: '$10,000',
  travelRule: '$1,000',
  recordYears: 7,
  minimumAge: 18,
  kycApproval: '24-48 hours',
  customerNotification: '24 hours',
} as const;
