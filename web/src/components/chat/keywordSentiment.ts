import type { SentimentResult } from '@app/contracts';

// Spec 7: when the sentiment call fails the widget analyses the message itself, with spec 9's
// keyword rules. The same rules as chat-support's `keyword-sentiment.ts` (the server stays the
// authority: it re-analyses every escalation); only used when the server could not answer.
const urgentKeywords = ['urgent', 'emergency', 'critical', 'hack', 'fraud', 'steal', 'lost', 'locked out'];
const problemKeywords = ['problem', 'issue', 'error', 'fail', 'broken', 'wrong', 'help', 'cant', 'unable'];
const positiveKeywords = ['thank', 'great', 'excellent', 'perfect', 'amazing', 'love', 'awesome'];
/** Spec 9: a problem message asks for escalation only when it is over this many characters. */
const problemEscalationLength = 100;

const found = (text: string, keywords: readonly string[]) => keywords.filter((keyword) => text.includes(keyword));

/** Spec 9's sentiment fallback: urgent words before problem words before positive ones. */
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
    return {
      score: -0.4,
      label: 'negative',
      confidence: 0.7,
      escalationRequired: message.length > problemEscalationLength,
      reason: `Problem keywords: ${problem.join(', ')}`,
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
