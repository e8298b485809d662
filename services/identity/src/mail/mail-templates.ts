import type { MailJob } from '@app/contracts';
import { escapeHtml } from '@app/platform';

function linkMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  url: string,
  expiry: string,
): MailJob {
  const validity = `This link expires in ${expiry} and works once.`;
  const text = [`${greeting}`, '', ...lines, '', `${action}: ${url}`, '', validity].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
    `<p>Or paste this address into your browser: ${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(validity)}</p>`,
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
    '24 hours',
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
    '1 hour',
  );
}

/** Tells the owner that repeated failed sign-ins locked the account for a while. */
export function accountLockedMail(
  to: string,
  firstName: string,
  publicUrl: string,
  lockedMinutes: number,
  failures: number,
): MailJob {
  const url = `${publicUrl}/forgot-password`;
  const lines = [
    `Hello ${firstName},`,
    '',
    `Someone entered a wrong password for your account ${failures} times in a row, so signing in to it is locked for the next ${lockedMinutes} minutes.`,
    'If it was you, wait and try again, or choose a new password (this also ends the lock).',
    'If it was not you, your password was not revealed; we recommend choosing a new one anyway.',
    '',
    `Choose a new password: ${url}`,
  ];
  const html = [
    ...lines
      .filter(Boolean)
      .slice(0, -1)
      .map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">Choose a new password</a></p>`,
  ].join('\n');
  return { to, subject: 'Your account was temporarily locked', text: lines.join('\n'), html };
}

/**
 * Tells the owner of a taken address that someone tried to open an account with it (a
 * registration, or a visitor's affiliate application). It carries no secret: only where to sign
 * in and where to choose a new password.
 */
export function registrationAttemptMail(
  to: string,
  firstName: string,
  publicUrl: string,
  attempt: 'registration' | 'affiliateApplication',
): MailJob {
  const signIn = `${publicUrl}/login`;
  const reset = `${publicUrl}/forgot-password`;
  const what =
    attempt === 'registration'
      ? 'Someone tried to register a new account with your email address.'
      : 'Someone tried to apply to the affiliate programme with your email address, which would have opened a new account.';
  const lines = [
    `Hello ${firstName},`,
    '',
    `${what} You already have an account with us, so no new account was created and nothing about your account changed.`,
    attempt === 'registration'
      ? 'If it was you, sign in to your existing account instead. If you forgot your password, choose a new one.'
      : 'If it was you, sign in to your existing account and apply from the affiliate page. If you forgot your password, choose a new one.',
    'If it was not you, you can ignore this email: your password was not revealed.',
    '',
    `Sign in: ${signIn}`,
    `Choose a new password: ${reset}`,
  ];
  const html = [
    ...lines
      .filter(Boolean)
      .slice(0, -2)
      .map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(signIn)}">Sign in</a></p>`,
    `<p><a href="${escapeHtml(reset)}">Choose a new password</a></p>`,
  ].join('\n');
  return { to, subject: 'Someone tried to register with your email address', text: lines.join('\n'), html };
}
