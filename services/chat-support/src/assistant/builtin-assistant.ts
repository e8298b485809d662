import { Injectable } from '@nestjs/common';
import { helpPassages, type ChatSource, type HelpPassage } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import { AccountFacts, planLine, subscriptionSource, transactionLine, transactionsSource } from './account-facts';
import type { AssistantReply, AssistantRequest, ChatAssistant } from './chat-assistant';
import { notKnownReply } from './chat-assistant';
import { HelpIndex, type HelpMatch } from './help-index';
import { SupportHistory, supportRecordLine } from './support-history';

/** The least BM25 score, and the least share of the question's terms, a passage needs to count as an answer. */
export const MIN_SCORE = 2;
export const MIN_COVERAGE = 0.5;
/** A second passage is added when it scores at least this share of the best one. */
const SECOND_PASSAGE_SHARE = 0.8;

const greeting = /^(hi|hello|hey|kia ora|good (morning|afternoon|evening)|greetings)[\s!.,]*$/i;
const thanks = /^(thanks?( you)?|thank you( very much| so much)?|cheers|ta)[\s!.,]*$/i;
const wantsPerson =
  /\b(talk|speak|chat|connect|put)\b.*\b(human|person|agent|someone|somebody|representative|real person|support team)\b/i;
const ownRequests = /\bmy\b.*\b(tickets?|requests?|cases?|escalations?|complaints?|support history)\b/i;
const ownPlan =
  /\b(my (current |active )?(plan|subscription)|(plan|subscription) (am i|i'?m) on|(plan|subscription) do i have)\b/i;
const ownTransactions = /\bmy (\w+ )?(transactions?|payments?|charges?)\b/i;
/** "How do I change my plan?" is a how-to for the help content, not a question about the account. */
const howTo = /^\s*(how (do|can|should|would) i|can i|could i|where (do|can) i)\b/i;

export const sourceOf = (passage: HelpPassage): ChatSource => ({
  id: passage.id,
  title: passage.title,
  path: passage.path,
});

/**
 * The assistant without an AI provider: it answers by retrieval (BM25) over the platform's help
 * content and from the user's own records (support requests, plan, recent transactions), quoting
 * the passages it found and naming them. When nothing answers the question well enough it says so
 * and offers a person; it never makes an answer up. Deterministic: the same question gives the
 * same reply.
 */
@Injectable()
export class BuiltinAssistant implements ChatAssistant {
  readonly index = new HelpIndex(helpPassages());

  constructor(
    private readonly history: SupportHistory,
    private readonly account: AccountFacts,
  ) {}

  async reply({ user, question }: AssistantRequest): Promise<AssistantReply> {
    const text = question.trim();
    if (greeting.test(text)) {
      return {
        text:
          'Hello! I can help with account questions, transaction issues, platform features and analytics, ' +
          'from our help content and your own support requests. What would you like to know?',
        sources: [],
        offerHuman: false,
      };
    }
    if (thanks.test(text)) {
      return { text: "You're welcome! Is there anything else I can help with?", sources: [], offerHuman: false };
    }
    if (wantsPerson.test(text)) return this.person();
    if (ownRequests.test(text)) {
      const records = await this.history.of(user);
      return {
        text: records.length
          ? `Here are your support requests, newest first:\n${records.map((r) => `- ${supportRecordLine(r)}`).join('\n')}`
          : "You haven't sent us any support requests yet: no escalated chats and no contact-form tickets under your email.",
        sources: [{ id: 'support-history', title: 'Your support requests', path: '/contact' }],
        offerHuman: false,
      };
    }
    if (!howTo.test(text) && (ownPlan.test(text) || ownTransactions.test(text))) {
      return this.fromAccount(user, ownPlan.test(text) ? 'plan' : 'transactions');
    }
    return this.fromHelp(text);
  }

  /** Facts of the user's own account from chat-support's read model, or that there are none. */
  private async fromAccount(user: AuthUser, about: 'plan' | 'transactions'): Promise<AssistantReply> {
    const account = await this.account.of(user);
    if (about === 'plan') {
      const plan = planLine(account);
      return {
        text: plan ? `Your subscription: ${plan}.` : "I don't see a subscription on your account yet.",
        sources: [subscriptionSource],
        offerHuman: false,
      };
    }
    const { recentTransactions } = account;
    return {
      text: recentTransactions.length
        ? `Your most recent transactions, newest first:\n${recentTransactions.map((tx) => `- ${transactionLine(tx)}`).join('\n')}`
        : "I don't see any transactions on your account yet.",
      sources: [transactionsSource],
      offerHuman: false,
    };
  }

  /** The best passages if they answer the question; otherwise "I don't know" and a person. */
  fromHelp(question: string): AssistantReply {
    const matches = answering(this.index.search(question, 3));
    if (matches.length === 0) return { text: notKnownReply, sources: [], offerHuman: true };
    const used = matches.slice(0, 2);
    return {
      text:
        "Here's what our help content says:\n\n" +
        used.map((match) => match.passage.text).join('\n\n') +
        `\n\nSource: ${used.map((match) => match.passage.title).join('; ')}`,
      sources: used.map((match) => sourceOf(match.passage)),
      offerHuman: false,
    };
  }

  private person(): AssistantReply {
    const [human] = this.index.search('talk to a human person support team escalated', 1);
    return {
      text:
        'Of course. I can pass this conversation to our human support team: they will see your recent messages ' +
        'and reply here.' +
        (human ? `\n\n${human.passage.text}` : ''),
      sources: human ? [sourceOf(human.passage)] : [],
      offerHuman: true,
    };
  }
}

/** The matches good enough to answer with: the best one if it clears the bars, and a close second. */
export function answering(matches: HelpMatch[]): HelpMatch[] {
  const [best, second] = matches;
  if (!best || best.score < MIN_SCORE || best.coverage < MIN_COVERAGE) return [];
  const close = second && second.score >= best.score * SECOND_PASSAGE_SHARE && second.coverage >= MIN_COVERAGE;
  return close ? [best, second] : [best];
}
