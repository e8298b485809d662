import { Injectable } from '@nestjs/common';
import type { RiskAlert, RiskAnalytics } from '@app/contracts';
import { ComplianceRepository } from '../compliance/compliance.repository';
import { addDays, round1, utcDay } from './calendar';
import { RollupsRepository } from './rollups.repository';
import { overallRiskOf, riskMetricsOf } from './risk-model';

const ruleAlerts: Record<string, { title: string; severity: RiskAlert['severity'] }> = {
  enhanced_due_diligence: { title: 'Enhanced due diligence required', severity: 'high' },
  structuring: { title: 'Possible structuring below the screening threshold', severity: 'high' },
  travel_rule: { title: 'Travel-rule information to collect', severity: 'medium' },
  large_transaction: { title: 'High-risk large transaction', severity: 'high' },
};

/** Records awaiting review shown as alerts, newest first. */
const reviewAlertLimit = 20;

@Injectable()
export class RiskService {
  constructor(
    private readonly rollups: RollupsRepository,
    private readonly compliance: ComplianceRepository,
  ) {}

  async risk(userId: string, now = new Date()): Promise<RiskAnalytics> {
    const since = addDays(utcDay(now), -29);
    const [counts, coverage, records, reviews] = await Promise.all([
      this.rollups.riskCounts(userId, now),
      this.rollups.identityCoverageSince(userId, since),
      this.compliance.recordCounts(userId),
      this.compliance.newestToReview(userId, reviewAlertLimit),
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
