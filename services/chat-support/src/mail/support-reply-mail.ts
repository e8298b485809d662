import type { MailJob } from '@app/contracts';
import { noticeMail, type Recipient } from '@app/platform';

/** Replies in one window of this length share one mail: a burst of answers is one notice. */
export const SUPPORT_REPLY_MAIL_WINDOW_MS = 5 * 60_000;

/** The longest part of the reply a mail quotes; the whole of it is in the chat. */
const QUOTE_CHARACTERS = 600;

/**
 * The job id of a reply's mail: one per support conversation and window, so the first reply of a
 * window queues the mail, a later one of the same window (or the same reply again) queues nothing.
 */
export const supportReplyMailId = (supportConversationId: string, repliedAt: Date): string =>
  `support-reply-${supportConversationId}-${Math.floor(repliedAt.getTime() / SUPPORT_REPLY_MAIL_WINDOW_MS)}`;

/** Tells a member whose chat widget is closed that the support team answered (optional: Settings turns it off). */
export function supportReplyMail(recipient: Recipient, publicUrl: string, reply: string): MailJob {
  const quote = reply.length > QUOTE_CHARACTERS ? `${reply.slice(0, QUOTE_CHARACTERS)}…` : reply;
  return noticeMail({
    to: recipient.email,
    subject: 'Our support team replied to your chat',
    greeting: recipient.firstName ? `Hello ${recipient.firstName},` : 'Hello,',
    lines: [
      'Our support team answered your chat while it was closed:',
      `“${quote}”`,
      'Sign in and open the chat (the chat button at the bottom right) to read the whole conversation and answer.',
    ],
    link: { label: 'Sign in to the chat', url: `${publicUrl}/dashboard` },
    footer: 'You can turn off mail about support replies in Settings, under Notifications.',
  });
}
