import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RiskAlert, RiskAnalytics } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { addDays, round1, utcDay } from './calendar';
import { RollupsRepository } from './rollups.repository';
import { overallRiskOf, riskMetricsOf } from './risk-model';

const ruleAlerts: Record<string, { title: string; severity: RiskAlert['severity'] }> = {
  enhanced_due_diligence: { title: 'Enhanced due diligence required', severity: 'high' },
  structuring: { title: 'Possible structuring below the screening threshold', severity: 'high' },
  travel_rule: { title: 'Travel-rule information to collect', severity: 'medium' },
  large_transaction: { title: 'High-risk large transaction', severity: 'high' },
};

@Injectable()
export class RiskService {
  constructor(
    private readonly rollups: RollupsRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async risk(userId: string, now = new Date()): Promise<RiskAnalytics> {
    const since = addDays(utcDay(now), -29);
    const [counts, [coverage], [records], reviews] = await Promise.all([
      this.rollups.riskCounts(userId, now),
      this.db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE customer_ref IS NOT NULL)::int AS identified,
                count(*) FILTER (WHERE country IS NOT NULL)::int AS located
           FROM analytics.transactions WHERE user_id = $1 AND occurred_at >= $2`,
        [userId, since],
      ) as Promise<{ total: number; identified: number; located: number }[]>,
      this.db.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'cleared')::int AS cleared
           FROM analytics.compliance_records WHERE user_id = $1`,
        [userId],
      ) as Promise<{ total: number; cleared: number }[]>,
      this.db.query(
        `SELECT r.id, r.type, r.created_at, r.data FROM analytics.compliance_records r
          WHERE r.user_id = $1 AND r.status = 'review' ORDER BY r.created_at DESC, r.id DESC LIMIT 20`,
        [userId],
      ) as Promise<{ id: string; type: string; created_at: Date; data: Record<string, unknown> }[]>,
    ]);
    const riskMetrics = riskMetricsOf(counts);
    const percent = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : 100);
    const metricAlerts: RiskAlert[] = riskMetrics
      .filter((metric) => metric.level === 'high')
      .map((metric) => ({
        id: `metric:${metric.id}`,
        title: `${metric.name} is high`,
        description: metric.description,
        severity: metric.score >= 4.5 ? 'critical' : 'high',
        status: 'active',
        timestamp: now.toISOString(),
      }));
    const recordAlerts: RiskAlert[] = reviews.map((record) => ({
      id: record.id,
      title: ruleAlerts[record.type]?.title ?? 'Transaction to review',
      description: `Transaction ${String(record.data.transactionId)}: ${String(record.data.amount)} ${String(record.data.currency)} (${String(record.data.transactionStatus)}).`,
      severity: ruleAlerts[record.type]?.severity ?? 'medium',
      status: 'active',
      timestamp: new Date(record.created_at).toISOString(),
    }));
    return {
      overallRiskScore: overallRiskOf(riskMetrics),
      complianceStatus: {
        amlCompliance: percent(records.cleared, records.total),
        kycCompliance: percent(coverage.identified, coverage.total),
        regulatoryCompliance: percent(coverage.located, coverage.total),
      },
      riskMetrics,
      activeAlerts: [...metricAlerts, ...recordAlerts],
    };
  }
}
