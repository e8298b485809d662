import type { DashboardStats, TransactionView, TransactionVolume } from '@app/contracts';
import { csvLine, csvText, type CsvValue } from '../../lib/csv';

const row = (...values: CsvValue[]) => csvLine(values);

export interface DashboardExport {
  stats: DashboardStats;
  volume?: TransactionVolume;
  recent?: TransactionView[];
}

/** The dashboard's figures as CSV: stats, the chart's daily series, the recent transactions. */
export function dashboardCsv({ stats, volume, recent }: DashboardExport): string {
  const lines = [
    row('Section', 'Figure', 'Value', 'Currency'),
    row('Stats', 'Total Portfolio', stats.totalPortfolio.toFixed(2), stats.currency),
    row('Stats', 'Tokenized Properties', stats.tokenizedProperties, ''),
    row('Stats', `Monthly Volume (${stats.month})`, stats.monthlyVolume.toFixed(2), stats.currency),
    row('Stats', 'AML Risk Score (out of 10)', stats.riskScore.toFixed(1), ''),
  ];
  if (volume) {
    lines.push('', row('Date', 'Fiat', 'Crypto', 'Token', 'Currency'));
    for (const point of volume.points) {
      lines.push(
        row(point.date, point.fiat.toFixed(2), point.crypto.toFixed(2), point.token.toFixed(2), volume.currency),
      );
    }
  }
  if (recent?.length) {
    lines.push('', row('Transaction ID', 'Type', 'Amount', 'Currency', 'Status', 'Processor', 'Date'));
    for (const t of recent) {
      lines.push(row(t.transactionId, t.type, t.amount, t.currency, t.status, t.processor, t.createdAt));
    }
  }
  return csvText(lines);
}
