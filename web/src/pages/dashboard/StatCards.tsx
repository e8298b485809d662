import { tokenizationMessages, type DashboardStats } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDashboardStats } from '../../hooks/useDashboard';
import { useTokenizationSummary } from '../../hooks/useTokenization';
import { formatCompactMoney, formatCount, formatMoney } from '../../lib/format';
import { riskLabels } from '../transactions/labels';
import { amlReviewsText } from './complianceProviders';
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

const portfolioCard: StatCard = {
  title: 'Total Portfolio',
  value: (s) => formatCompactMoney(s.totalPortfolio, s.currency),
  detail: (s) => `${formatMoney(s.totalPortfolio, s.currency)} completed, all time`,
};

const volumeCard: StatCard = {
  title: 'Monthly Volume',
  value: (s) => formatCompactMoney(s.monthlyVolume, s.currency),
  detail: (s) => `${formatMoney(s.monthlyVolume, s.currency)} completed in ${monthName(s.month)}`,
};

const riskCard: StatCard = {
  title: 'AML Risk Score',
  value: (s) => `${s.riskScore.toFixed(1)}/10`,
  // One statement with the header's AML flag: the same answer's reviews.
  detail: (s) =>
    `${riskLabels[s.riskLevel]} risk${s.amlReviewsOpen > 0 ? `, ${amlReviewsText(s.amlReviewsOpen)}` : ''}`,
};

function StatsCard({ card, stats }: { card: StatCard; stats: UseQueryResult<DashboardStats> }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={card.title} loading={stats.isPending} value={stats.data ? card.value(stats.data) : ''} />
      {stats.data && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {card.detail(stats.data)}
        </Typography.Text>
      )}
    </Card>
  );
}

/** The user's tokenized properties from GET /api/tokenization/summary; where tokenization is not offered, why. */
function TokenizedPropertiesCard() {
  const { eligibility, summary } = useTokenizationSummary();
  const allowed = eligibility.data?.isAllowed === true;
  const detail = eligibility.isError
    ? tokenizationMessages.locationFailed
    : eligibility.data && !allowed
      ? 'Offered in New Zealand and Australia only'
      : summary.isError
        ? 'Could not be loaded'
        : summary.data
          ? `${formatCount(summary.data.properties)} submitted, ${formatCount(summary.data.inCompliance)} in compliance review`
          : undefined;
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title="Tokenized Properties"
        loading={eligibility.isPending || (allowed && summary.isPending)}
        value={summary.data && allowed ? formatCount(summary.data.tokenized) : '—'}
      />
      {detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      )}
    </Card>
  );
}

/** Spec 2: the four stat cards of GET /api/dashboard/stats, the tokenized properties from the tokenization summary. */
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
        <Col xs={24} sm={12} xl={6}>
          <StatsCard card={portfolioCard} stats={stats} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <TokenizedPropertiesCard />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatsCard card={volumeCard} stats={stats} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatsCard card={riskCard} stats={stats} />
        </Col>
      </Row>
    </section>
  );
}
