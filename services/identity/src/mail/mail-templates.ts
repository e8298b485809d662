import type { MailJob } from '@app/contracts';
import { escapeHtml } from '@app/platform';

function linkMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  url: string,
): MailJob {
  const text = [
    `${greeting}`,
    '',
    ...lines,
    '',
    `${action}: ${url}`,
    '',
    'This link expires in 24 hours and works once.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
    `<p>Or paste this address into your browser: ${escapeHtml(url)}</p>`,
    '<p>This link expires in 24 hours and works once.</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationMail(to: string, firstName: string, publicUrl: string, token: string): MailJob {
  const url = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    'Verify your email address',
    `Hello ${firstName},`,
    [
      'Thank you for registering your business. Please confirm your email address to activate your account.',
      'Next steps: email verification, KYC documents, review in 1-2 business days, then an approval notice.',
    ],
    'Verify email address',
    url,
  );
}

export function passwordResetMail(to: string, firstName: string, publicUrl: string, token: string): MailJob {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    'Reset your password',
    `Hello ${firstName},`,
    ['We received a request to reset your password. If it was not you, ignore this email.'],
    'Choose a new password',
    url,
  );
}
