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
  /** Tokenization: one job per compliance run (job id = run id), its checks one after another. */
  TokenizationCompliance: 'tokenization-compliance',
  /** Tokenization: one job per token deployment (job id = property id), deploying on the EVM chain. */
  TokenizationDeployment: 'tokenization-deployment',
  /** Tokenization: one job per paid investment (job id = investment id): register the investor, mint. */
  TokenizationMint: 'tokenization-mint',
  /** Tokenization: one delayed job per locked investment (job id = investment id), releasing its tokens when the lock-up ends. */
  TokenizationLockup: 'tokenization-lockup',
  /**
   * Integrations: one job per outgoing webhook delivery (job id = delivery id), delayed between its
   * attempts for up to 24 hours; resends by hand, and a repeatable sweep that requeues lost ones.
   */
  WebhookDelivery: 'webhook-delivery',
} as const;
export type Queue = (typeof Queue)[keyof typeof Queue];

/** A message the mail worker sends through SMTP. */
export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}
