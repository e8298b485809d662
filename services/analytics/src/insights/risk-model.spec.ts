import { dashboardRiskOf, overallRiskOf, riskMetricsOf, type RiskCounts } from './risk-model';

const quiet: RiskCounts = { completed: 0, refunded: 0, failed: 0, total: 0, highRisk: 0, last7Days: 0, prior30Days: 0 };

describe('risk model', () => {
  it('scores no activity 0 across the board', () => {
    const metrics = riskMetricsOf(quiet);
    expect(metrics.map((m) => m.score)).toEqual([0, 0, 0, 0]);
    expect(overallRiskOf(metrics)).toBe(0);
    expect(dashboardRiskOf(0)).toEqual({ riskScore: 0, riskLevel: 'low' });
  });

  it('scores hand-computed rates', () => {
    // sales 100 (95 completed + 5 refunded): refund rate 5% -> 2.5; settled 125, failed 25: 20% -> 5.0
    // velocity: 70/7 = 10 a day vs 150/30 = 5 a day -> 2x -> 2.5; high 2 of 130 = 1.54% -> 1.5
    const metrics = riskMetricsOf({
      completed: 95,
      refunded: 5,
      failed: 25,
      total: 130,
      highRisk: 2,
      last7Days: 70,
      prior30Days: 150,
    });
    expect(metrics.map((m) => [m.id, m.score, m.level])).toEqual([
      ['refund_rate', 2.5, 'medium'],
      ['failure_rate', 5, 'high'],
      ['velocity', 2.5, 'medium'],
      ['high_risk_share', 1.5, 'low'],
    ]);
    // mean 11.5 / 4 = 2.875 -> 2.9; dashboard 5.8 out of 10 -> 58 on the 0-100 bands: medium
    expect(overallRiskOf(metrics)).toBe(2.9);
    expect(dashboardRiskOf(2.9)).toEqual({ riskScore: 5.8, riskLevel: 'medium' });
  });

  it('never reads low while a screening record awaits review: at least medium (3.1 / 10)', () => {
    expect(dashboardRiskOf(0, 1)).toEqual({ riskScore: 3.1, riskLevel: 'medium' });
    expect(dashboardRiskOf(2.9, 2)).toEqual({ riskScore: 5.8, riskLevel: 'medium' });
    expect(dashboardRiskOf(4, 1)).toEqual({ riskScore: 8, riskLevel: 'high' });
    expect(dashboardRiskOf(0, 0)).toEqual({ riskScore: 0, riskLevel: 'low' });
  });

  it('caps every score at 5.0', () => {
    const metrics = riskMetricsOf({
      ...quiet,
      completed: 1,
      refunded: 9,
      total: 10,
      highRisk: 10,
      last7Days: 700,
      prior30Days: 30,
    });
    expect(Math.max(...metrics.map((m) => m.score))).toBe(5);
  });
});
