import type { HelpPassage } from '@app/contracts';

/** Words that carry no topic. */
const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to up us was we were what when ' +
    'where which who why will with would you your yours about any some just please tell know want need get ' +
    'like also there here am im ive id its whats hows much many long until question questions way thing things ok okay ' +
    'should shall may might must let lets go going quickly quick fast soon really very'
  ).split(' '),
);

/**
 * Words a customer uses for what the help content calls by another name: each maps to the
 * content's word, so "how much does Growth cost" finds the price.
 */
const synonyms: Record<string, string> = {
  cost: 'price',
  costs: 'price',
  pricing: 'price',
  priced: 'price',
  expensive: 'price',
  cheap: 'price',
  fee: 'price',
  fees: 'price',
  charge: 'price',
  charged: 'price',
  subscription: 'plan',
  subscriptions: 'plan',
  tier: 'plan',
  tiers: 'plan',
  package: 'plan',
  signup: 'register',
  login: 'sign',
  log: 'sign',
  logon: 'sign',
  opening: 'hour',
  hours: 'hour',
  time: 'hour',
  times: 'hour',
  refundable: 'refund',
  refunds: 'refund',
  cancellation: 'cancel',
  mail: 'email',
  passwords: 'password',
  crypto: 'cryptocurrency',
  cryptocurrencies: 'cryptocurrency',
  bitcoin: 'cryptocurrency',
  coins: 'cryptocurrency',
  coin: 'cryptocurrency',
  person: 'human',
  agent: 'human',
  people: 'human',
  staff: 'human',
  tokenise: 'tokenization',
  tokenize: 'tokenization',
  tokenizing: 'tokenization',
  tokenisation: 'tokenization',
  tokenized: 'tokenization',
  tokens: 'token',
  annually: 'annual',
  yearly: 'annual',
  year: 'annual',
  monthly: 'month',
  months: 'month',
  respond: 'response',
  reply: 'response',
  replies: 'response',
  answer: 'response',
  verification: 'verify',
  uptime: 'available',
  availability: 'available',
  downtime: 'available',
  outage: 'available',
  verified: 'verify',
  verifying: 'verify',
};

/** A light English stem: plural and verb endings, so "plans" finds "plan" and "verifying" finds "verify". */
function stem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The terms of a text: lower-case words and numbers, without stop words, stemmed, synonyms folded. */
export function terms(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  )
    .filter((word) => !stopWords.has(word))
    .map((word) => synonyms[word] ?? stem(word))
    .map((word) => synonyms[word] ?? word);
}

export interface HelpMatch {
  passage: HelpPassage;
  score: number;
  /**
   * The share of the question the passage covers (0 to 1): its terms' idf weights matched over the
   * question's; a term the help content never uses weighs most, so an unknown subject stays unanswered.
   */
  coverage: number;
}

const K1 = 1.2;
const B = 0.75;
/** A passage's title counts this many times over its text. */
const TITLE_WEIGHT = 2;

/** Okapi BM25 over the help passages (title and text), built once at start. */
export class HelpIndex {
  private readonly documents: { passage: HelpPassage; frequencies: Map<string, number>; length: number }[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(passages: readonly HelpPassage[]) {
    this.documents = passages.map((passage) => {
      const words = [...Array<string[]>(TITLE_WEIGHT).fill(terms(passage.title)).flat(), ...terms(passage.text)];
      const frequencies = new Map<string, number>();
      for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
      for (const word of frequencies.keys())
        this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
      return { passage, frequencies, length: words.length };
    });
    this.averageLength = this.documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.documents.length);
  }

  /** Inverse document frequency; a term no passage has weighs like one that a single passage has. */
  private idf(term: string): number {
    const n = Math.max(1, this.documentFrequency.get(term) ?? 0);
    return Math.log(1 + (this.documents.length - n + 0.5) / (n + 0.5));
  }

  /** The best passages for a question, best first; passages sharing no term with it are left out. */
  search(question: string, limit = 3): HelpMatch[] {
    const asked = [...new Set(terms(question))];
    if (asked.length === 0) return [];
    const weights = asked.map((term) => this.idf(term));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return this.documents
      .map(({ passage, frequencies, length }) => {
        let score = 0;
        let matched = 0;
        asked.forEach((term, index) => {
          const frequency = frequencies.get(term) ?? 0;
          if (frequency === 0) return;
          matched += weights[index]!;
          score +=
            (weights[index]! * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / this.averageLength));
        });
        return { passage, score, coverage: matched / total };
      })
      .filter((match) => match.score > 0)
      .sort((a, b) => b.score - a.score || a.passage.id.localeCompare(b.passage.id))
      .slice(0, limit);
  }
}
