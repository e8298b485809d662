import type { SentimentResult } from '@app/contracts';

/** The port: how the service reads a message's sentiment (spec 3's sentiment result). */
export interface SentimentAnalyzer {
  analyze(message: string): Promise<SentimentResult>;
}

export const SENTIMENT_ANALYZER = Symbol('SENTIMENT_ANALYZER');
