import type { DashboardStats } from '@app/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDashboardStats } from '../../hooks/useDashboard';
import { formatCompactMoney, formatCount, formatMoney } from '../../lib/format';
import { riskLabels } from '../transactions/labels';
import { LoadFailed } from './LoadFailed';

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

interface StatCard {
  title: string;
  value: (stats: DashboardStats) => string;
  /** The figure's exact value or meaning, from the same data (no hard-coded trends). */
  detail: (stats: DashboardStats) => ReactNode;
}

const cards: StatCard[] = [
  {
    title: 'Total Portfolio',
    value: (s) => formatCompactMoney(s.totalPortfolio, s.currency),
    detail: (s) => `${formatMoney(s.totalPortfolio, s.currency)} completed, all time`,
  },
  {
    title: 'Tokenized Properties',
    value: (s) => formatCount(s.tokenizedProperties),
    detail: () => 'Properties with token transactions',
  },
  {
    title: 'Monthly Volume',
    value: (s) => formatCompactMoney(s.monthlyVolume, s.currency),
    detail: (s) => `${formatMoney(s.monthlyVolume, s.currency)} completed in ${monthName(s.month)}`,
  },
  {
    title: 'AML Risk Score',
    value: (s) => `${s.riskScore.toFixed(1)}/10`,
    detail: (s) => `${riskLabels[s.riskLevel]} risk`,
  },
];

/** Spec 2: the four stat cards of GET /api/dashboard/stats. */
export function StatCards() {
  const stats = useDashboardStats();
  if (stats.isError) {
    return (
      <Card size="small" aria-label="Key figures">
        <LoadFailed what="Your key figures" onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      </Card>
    );
  }
  return (
    <section aria-label="Key figures">
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} xl={6}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic
                title={card.title}
                loading={stats.isPending}
                value={stats.data ? card.value(stats.data) : ''}
              />
              {stats.data && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {card.detail(stats.data)}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
