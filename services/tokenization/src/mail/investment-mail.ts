import type { MailJob } from '@app/contracts';
import { noticeMail } from '@app/platform';

/** What an investment mail tells: the investment, its property and its token. */
export interface InvestmentFacts {
  investmentId: string;
  reference: string;
  to: string;
  firstName: string;
  /** The property's address, its name in the app. */
  propertyName: string;
  /** The token's symbol, or '' when the contract records none. */
  tokenSymbol: string;
  /** Whole tokens. */
  tokens: string;
  /** NZD a token, a decimal string with two places. */
  tokenPrice: string;
  /** NZD, the tokens' cost (the fee is on top). */
  amount: string;
  fee: string;
}

/** An investment's outcomes, each mailed once: the job id names the investment and the outcome. */
export type InvestmentOutcome = 'confirmed' | 'minted' | 'failed' | 'ended';
export const investmentMailId = (outcome: InvestmentOutcome, investmentId: string): string =>
  `investment-${outcome}-${investmentId}`;

const tokensOf = (facts: InvestmentFacts) => `${facts.tokens} ${facts.tokenSymbol || 'tokens'}`;
const footer = 'You can turn off mail about your investments in Settings, under Notifications.';

function investmentNotice(facts: InvestmentFacts, publicUrl: string, subject: string, lines: string[]): MailJob {
  return noticeMail({
    to: facts.to,
    subject,
    greeting: facts.firstName ? `Hello ${facts.firstName},` : 'Hello,',
    lines: [...lines, `Investment reference: ${facts.reference}`],
    link: { label: 'See your investments', url: `${publicUrl}/tokenization` },
    footer,
  });
}

/** The card payment arrived: the tokens are the investor's and their mint is on its way. */
export function investmentConfirmedMail(facts: InvestmentFacts, publicUrl: string): MailJob {
  return investmentNotice(facts, publicUrl, `Your investment in ${facts.propertyName} is confirmed`, [
    `Your payment of $${facts.amount} NZD (plus a $${facts.fee} NZD fee) for ${facts.propertyName} was received.`,
    `${tokensOf(facts)} at $${facts.tokenPrice} NZD each are allocated to you; they are being minted to your wallet.`,
  ]);
}

/** The tokens were minted to the investor's wallet. */
export function investmentMintedMail(
  facts: InvestmentFacts,
  publicUrl: string,
  wallet: string,
  transactionHash: string | null,
): MailJob {
  return investmentNotice(facts, publicUrl, `Your ${facts.tokenSymbol || 'property'} tokens were minted`, [
    `${tokensOf(facts)} of ${facts.propertyName} ($${facts.tokenPrice} NZD each) were minted to your wallet ${wallet}.`,
    ...(transactionHash ? [`Transaction: ${transactionHash}`] : []),
  ]);
}

/** The investment failed after it was paid or its payment did not match (the reason says which). */
export function investmentFailedMail(facts: InvestmentFacts, publicUrl: string, reason: string): MailJob {
  return investmentNotice(facts, publicUrl, `Your investment in ${facts.propertyName} failed`, [
    `Your investment of ${tokensOf(facts)} in ${facts.propertyName} ($${facts.amount} NZD) failed.`,
    `Reason: ${reason}`,
  ]);
}

/** An unpaid investment ended: cancelled or its payment window closed (the reason says which). */
export function investmentEndedMail(facts: InvestmentFacts, publicUrl: string, reason: string): MailJob {
  return investmentNotice(facts, publicUrl, `Your investment in ${facts.propertyName} was not completed`, [
    `Your investment of ${tokensOf(facts)} in ${facts.propertyName} ($${facts.amount} NZD) ended unpaid; nothing was charged.`,
    `Reason: ${reason}`,
  ]);
}
