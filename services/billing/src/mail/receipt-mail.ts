import type { MailJob } from '@app/contracts';
import { noticeMail } from '@app/platform';
import { findPlan } from '../plans/prices';

/** What was paid for a plan, by card (a Stripe invoice) or with crypto (a Coinbase charge). */
export interface Receipt {
  to: string;
  /** A decimal string with two places, e.g. "699.00". */
  amount: string;
  /** ISO 4217 (any case). */
  currency: string;
  planId: string;
  billingCycle: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The invoice (in_...) or the crypto charge's code; what the member quotes to support. */
  reference: string;
  method: 'card' | 'crypto';
}

/** Minor units (Stripe's cents) as the decimal string a receipt shows. */
export const decimalOfMinor = (minor: number | bigint | string): string => (Number(minor) / 100).toFixed(2);

/**
 * The job id of a receipt: one per invoice or charge, so a webhook or event delivered again (or a
 * retried transaction) queues no second receipt. BullMQ ids may not hold ":".
 */
export const receiptMailId = (method: 'card' | 'crypto', reference: string): string =>
  `receipt-${method}-${reference.replace(/:/g, '_')}`;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** A plan payment's receipt (not optional: it is the member's record of a payment). */
export function receiptMail(receipt: Receipt, publicUrl: string): MailJob {
  const plan = findPlan(receipt.planId)?.name ?? 'Your';
  const cycle = receipt.billingCycle === 'annual' ? 'annual' : receipt.billingCycle === 'monthly' ? 'monthly' : '';
  const from = day(receipt.periodStart);
  const to = day(receipt.periodEnd);
  const amount = `${receipt.amount} ${receipt.currency.toUpperCase()}`;
  return noticeMail({
    to: receipt.to,
    subject: `Receipt: ${amount} for the ${plan} plan`,
    greeting: 'Hello,',
    lines: [
      `Thank you for your payment. This is your receipt.`,
      `Plan: ${plan}${cycle ? ` (${cycle})` : ''}`,
      `Amount paid: ${amount}${receipt.method === 'crypto' ? ', paid with crypto' : ', paid by card'}`,
      ...(from && to ? [`Period: ${from} to ${to}`] : []),
      `Reference: ${receipt.reference}`,
    ],
    link: { label: 'See your plan and invoices in Billing', url: `${publicUrl}/settings?tab=billing` },
    footer: 'You receive this mail because a payment was made for your account; receipts cannot be turned off.',
  });
}
