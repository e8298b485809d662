import { brandName, type MailJob } from '@app/contracts';
import { escapeHtml } from './mail-html';

/** What a transactional notice says: a greeting, its facts (one line each), and where to see more. */
export interface Notice {
  to: string;
  subject: string;
  /** "Hello Jenny," or empty for none. */
  greeting: string;
  lines: string[];
  /** The page of the app that shows the fact (an absolute link). */
  link: { label: string; url: string };
  /** Why this mail came and, for an optional one, where to turn it off. */
  footer: string;
}

/**
 * A transactional mail (a receipt, a KYC result, a support reply, an investment or payout notice)
 * in plain text and HTML, signed with the platform's name. It carries facts and a link to the
 * app, never a secret or a one-time link.
 */
export function noticeMail({ to, subject, greeting, lines, link, footer }: Notice): MailJob {
  const text = [
    ...(greeting ? [greeting, ''] : []),
    ...lines,
    '',
    `${link.label}: ${link.url}`,
    '',
    `— ${brandName}`,
    footer,
  ].join('\n');
  const html = [
    ...(greeting ? [`<p>${escapeHtml(greeting)}</p>`] : []),
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p>— ${escapeHtml(brandName)}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject: `${subject} — ${brandName}`, text, html };
}
