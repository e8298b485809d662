/** BullMQ queue names, in one place. */
export const Queue = {
  Mail: 'mail',
  /** Billing: the repeatable job that heals subscriptions whose webhook was missed. */
  BillingReconcile: 'billing-reconcile',
  /** Integrations: one repeatable job per active POS entry, pulling transactions from its provider. */
  IntegrationsSync: 'integrations-sync',
  /** Crypto: one repeatable job per open charge, polling its provider every 10 s for 30 minutes. */
  CryptoChargePoll: 'crypto-charge-poll',
  /** Crypto: one repeatable job per open escrow, reading the owner's escrows every 30 s for 24 hours. */
  CryptoEscrowMonitor: 'crypto-escrow-monitor',
  /** Chat-support: one delayed job per escalated chat, due when its first-response SLA runs out. */
  SupportSla: 'support-sla',
  /** Reports-ai: one job per requested report (job id = report id), computing and rendering it. */
  ReportGeneration: 'report-generation',
} as const;
export type Queue = (typeof Queue)[keyof typeof Queue];

/** A message the mail worker sends through SMTP. */
export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}
