import type { ChatPriority, SentimentResult } from './chat';

/** Spec 9: the sentiment fallback's keywords, in the order they are tried. */
export const urgentKeywords = [
  'urgent',
  'emergency',
  'critical',
  'hack',
  'fraud',
  'steal',
  'lost',
  'locked out',
] as const;
export const problemKeywords = [
  'problem',
  'issue',
  'error',
  'fail',
  'broken',
  'wrong',
  'help',
  'cant',
  'unable',
] as const;
export const positiveKeywords = ['thank', 'great', 'excellent', 'perfect', 'amazing', 'love', 'awesome'] as const;

/** Spec 9: a problem message asks for escalation only when it is over this many characters. */
export const problemEscalationLength = 100;

const found = (text: string, keywords: readonly string[]) => keywords.filter((keyword) => text.includes(keyword));

/**
 * Spec 9's keyword rules, exactly: a keyword counts wherever it appears in the lower-cased message
 * ("failed" has "fail", "thanks" has "thank"); urgent words win over problem words, which win over
 * positive ones.
 */
export function keywordSentiment(message: string): SentimentResult {
  const text = message.toLowerCase();
  const urgent = found(text, urgentKeywords);
  if (urgent.length) {
    return {
      score: -0.8,
      label: 'negative',
      confidence: 0.9,
      escalationRequired: true,
      reason: `Urgent keywords: ${urgent.join(', ')}`,
    };
  }
  const problem = found(text, problemKeywords);
  if (problem.length) {
    const escalationRequired = message.length > problemEscalationLength;
    return {
      score: -0.4,
      label: 'negative',
      confidence: 0.7,
      escalationRequired,
      reason: `Problem keywords: ${problem.join(', ')}${escalationRequired ? ` in a message over ${problemEscalationLength} characters` : ''}`,
    };
  }
  const positive = found(text, positiveKeywords);
  if (positive.length) {
    return {
      score: 0.6,
      label: 'positive',
      confidence: 0.8,
      escalationRequired: false,
      reason: `Positive keywords: ${positive.join(', ')}`,
    };
  }
  return { score: 0, label: 'neutral', confidence: 0.6, escalationRequired: false, reason: 'No sentiment keywords' };
}

/** Spec 4: a user message is low priority; urgent when its sentiment requires escalation. */
export const priorityOf = (sentiment: Pick<SentimentResult, 'escalationRequired'>): ChatPriority =>
  sentiment.escalationRequired ? 'urgent' : 'low';
