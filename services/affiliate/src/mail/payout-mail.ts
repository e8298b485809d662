import type { MailJob } from '@app/contracts';
import { noticeMail } from '@app/platform';

export interface PaidPayout {
  payoutId: string;
  to: string;
  contactName: string;
  /** Dollars, a decimal string with two places. */
  amount: string;
  paidAt: Date;
}

/** One mail per payout: settling is final (a second settlement is a 409), and the id says which. */
export const payoutPaidMailId = (payoutId: string): string => `payout-paid-${payoutId}`;

/** Tells an affiliate their payout was paid (optional: Settings turns it off). */
export function payoutPaidMail(payout: PaidPayout, publicUrl: string): MailJob {
  return noticeMail({
    to: payout.to,
    subject: `Your affiliate payout of $${payout.amount} USD was paid`,
    greeting: payout.contactName ? `Hello ${payout.contactName},` : 'Hello,',
    lines: [
      `Your affiliate payout of $${payout.amount} USD was paid on ${payout.paidAt.toISOString().slice(0, 10)}.`,
      `Payout reference: ${payout.payoutId}`,
      'Depending on your bank it may take a few business days to arrive.',
    ],
    link: { label: 'See your payouts', url: `${publicUrl}/affiliate/dashboard` },
    footer: 'You can turn off mail about affiliate payouts in Settings, under Notifications.',
  });
}
