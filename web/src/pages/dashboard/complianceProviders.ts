import type { ComplianceRecord } from '@app/contracts';

export interface ProviderSummary {
  provider: string;
  records: number;
  awaitingReview: number;
  lastRecordAt: string;
}

/** "platform-aml-rules" -> "Platform AML rules". */
export function providerName(provider: string): string {
  const words = provider.split(/[-_]/).filter(Boolean);
  return words
    .map((word, index) =>
      /^(aml|kyc|cft|gdpr)$/i.test(word)
        ? word.toUpperCase()
        : index === 0
          ? word[0]!.toUpperCase() + word.slice(1)
          : word,
    )
    .join(' ');
}

export const needsReview = (record: ComplianceRecord) => record.status === 'review';

/** "1 screening record awaiting review", "3 screening records awaiting review". */
export const amlReviewsText = (open: number): string =>
  `${open} screening record${open === 1 ? '' : 's'} awaiting review`;

/** One row per provider, most recent first. */
export function summariseProviders(records: ComplianceRecord[]): ProviderSummary[] {
  const byProvider = new Map<string, ProviderSummary>();
  for (const record of records) {
    const summary = byProvider.get(record.provider) ?? {
      provider: record.provider,
      records: 0,
      awaitingReview: 0,
      lastRecordAt: record.createdAt,
    };
    summary.records += 1;
    if (needsReview(record)) summary.awaitingReview += 1;
    if (record.createdAt > summary.lastRecordAt) summary.lastRecordAt = record.createdAt;
    byProvider.set(record.provider, summary);
  }
  return [...byProvider.values()].sort((a, b) => b.lastRecordAt.localeCompare(a.lastRecordAt));
}
