import { keywordSentiment, priorityOf } from './chat-sentiment';

// signed-in-areas.md section 9 (Chat), word for word: the table below is read from this text.
const spec =
  'Sentiment fallback: urgent keywords (urgent, emergency, critical, hack, fraud, steal, lost, locked out) give score ' +
  '-0.8, negative, confidence 0.9, escalate. Problem keywords (problem, issue, error, fail, broken, wrong, help, cant, ' +
  'unable) give -0.4, negative, confidence 0.7, escalate only if the message is over 100 characters. Positive keywords ' +
  '(thank, great, excellent, perfect, amazing, love, awesome) give 0.6, confidence 0.8. Otherwise neutral, score 0, ' +
  'confidence 0.6.';
const keywordsOf = (kind: string) =>
  spec
    .match(new RegExp(`${kind} keywords \\(([^)]+)\\)`, 'i'))![1]!
    .split(',')
    .map((keyword) => keyword.trim());

const urgent = { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true };
const problem = { score: -0.4, label: 'negative', confidence: 0.7, escalationRequired: false };
const positive = { score: 0.6, label: 'positive', confidence: 0.8, escalationRequired: false };
const neutral = { score: 0, label: 'neutral', confidence: 0.6, escalationRequired: false };

const padTo = (text: string, length: number) => `${text} ${'x'.repeat(Math.max(0, length - text.length - 1))}`;

describe('keyword sentiment (spec 9)', () => {
  it('reads three keyword lists from the spec', () => {
    expect([keywordsOf('urgent').length, keywordsOf('problem').length, keywordsOf('positive').length]).toEqual([
      8, 9, 7,
    ]);
  });

  const table: [string, string, object][] = [
    ...keywordsOf('urgent').map((k): [string, string, object] => ['urgent', `My account: ${k}`, urgent]),
    ...keywordsOf('urgent').map((k): [string, string, object] => [
      'urgent, any case',
      `MY ACCOUNT ${k.toUpperCase()}`,
      urgent,
    ]),
    ...keywordsOf('problem').map((k): [string, string, object] => ['problem, short', `There is a ${k} here`, problem]),
    ...keywordsOf('problem').map((k): [string, string, object] => [
      'problem, over 100 characters',
      padTo(`There is a ${k} here`, 101),
      { ...problem, escalationRequired: true },
    ]),
    ...keywordsOf('problem').map((k): [string, string, object] => [
      'problem, exactly 100 characters',
      padTo(`There is a ${k} here`, 100),
      problem,
    ]),
    ...keywordsOf('positive').map((k): [string, string, object] => ['positive', `This is ${k}`, positive]),
    ['neutral', 'What time is it in Auckland?', neutral],
    ['neutral, long', padTo('Tell me about the plans', 300), neutral],
    ['urgent wins over problem and positive', 'Thank you, but there is an error: fraud on my card', urgent],
    ['problem wins over positive', 'Great, but the export is broken', problem],
    ['a keyword inside a word counts ("failed" has "fail")', 'The payout failed', problem],
  ];

  it.each(table)('%s: %j', (_kind, message, expected) => {
    const result = keywordSentiment(message);
    expect(result).toEqual({ ...expected, reason: expect.any(String) });
    expect(result.reason.length).toBeLessThanOrEqual(200);
  });

  it('gives the message priority urgent when escalation is required, low otherwise (spec 4)', () => {
    expect(priorityOf(keywordSentiment('I think this is fraud'))).toBe('urgent');
    expect(priorityOf(keywordSentiment('Thanks!'))).toBe('low');
    expect(priorityOf(keywordSentiment('Small problem'))).toBe('low');
  });
});
