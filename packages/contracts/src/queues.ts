/** BullMQ queue names, in one place. */
export const Queue = {
  Mail: 'mail',
  /** Billing: the repeatable job that heals subscriptions whose webhook was missed. */
  BillingReconcile: 'billing-reconcile',
  /** Integrations: one repeatable job per active POS entry, pulling transactions from its provider. */
  IntegrationsSync: 'integrations-sync',
} as const;
export type Queue = (typeof Queue)[keyof typeof Queue];

/** A message the mail worker sends through SMTP. */
export interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}
