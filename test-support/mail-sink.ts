import { setTimeout as sleep } from 'node:timers/promises';

interface SinkMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

const sinkUrl = () => process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:1080';

/** Every mail in the local SMTP sink (maildev) to `to` whose subject contains `subject`. */
export async function mailsTo(to: string, subject: string): Promise<SinkMail[]> {
  const mails = (await (await fetch(`${sinkUrl()}/email`)).json()) as SinkMail[];
  return mails.filter((mail) => mail.subject.includes(subject) && mail.to.some((r) => r.address === to));
}

/**
 * Waits for the mail, then gives a second copy `settleMs` to arrive (a duplicate event, a retried
 * job) and answers the one mail; fails when there are two.
 */
export async function theOnlyMail(to: string, subject: string, settleMs = 2500): Promise<SinkMail> {
  const deadline = Date.now() + 30_000;
  while ((await mailsTo(to, subject)).length === 0) {
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await sleep(250);
  }
  await sleep(settleMs);
  const mails = await mailsTo(to, subject);
  if (mails.length !== 1) throw new Error(`${mails.length} mails "${subject}" to ${to}, expected exactly one`);
  return mails[0]!;
}

/** Fails when a mail "subject" to `to` arrives within `waitMs` (a mail the member turned off). */
export async function expectNoMail(to: string, subject: string, waitMs = 3000): Promise<void> {
  await sleep(waitMs);
  const mails = await mailsTo(to, subject);
  if (mails.length > 0) throw new Error(`${mails.length} mails "${subject}" to ${to}, expected none`);
}
