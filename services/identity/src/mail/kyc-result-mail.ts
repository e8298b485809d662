import type { KycStatus, MailJob } from '@app/contracts';
import { noticeMail } from '@app/platform';

/** The KYC results a member is told of: the end of a check, not each step on the way. */
export const mailedKycResult = (status: KycStatus): status is 'verified' | 'requires_input' =>
  status === 'verified' || status === 'requires_input';

/**
 * The job id of a session's result mail: one per verification session and result, so a webhook
 * delivered again (or a retried transaction) queues nothing more.
 */
export const kycResultMailId = (sessionId: string, status: 'verified' | 'requires_input'): string =>
  `kyc-result-${sessionId}-${status}`;

/** Tells the member how their identity check ended (not optional: it decides what the account may do). */
export function kycResultMail(
  to: string,
  firstName: string,
  publicUrl: string,
  status: 'verified' | 'requires_input',
  reason: string,
): MailJob {
  const verified = status === 'verified';
  return noticeMail({
    to,
    subject: verified ? 'Your identity is verified' : 'Your identity check needs your attention',
    greeting: `Hello ${firstName},`,
    lines: verified
      ? [
          'Your identity verification (KYC) is complete: your account is verified.',
          'Features that need a verified identity, such as tokenization, are now open to you.',
        ]
      : [
          'Your identity verification (KYC) could not be completed.',
          `Reason: ${reason || 'the provider did not give one.'}`,
          'You can start the check again from Settings.',
        ],
    link: {
      label: verified ? 'Open your dashboard' : 'Retry verification in Settings',
      url: `${publicUrl}/${verified ? 'dashboard' : 'settings?tab=verification'}`,
    },
    footer: 'You receive this mail because it concerns your account’s identity verification; it cannot be turned off.',
  });
}
