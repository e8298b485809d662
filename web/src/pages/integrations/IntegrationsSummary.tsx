import { ApiOutlined, ClockCircleOutlined, DollarOutlined, SwapOutlined } from '@ant-design/icons';
import type { IntegrationsAnalytics } from '@app/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIntegrationsAnalytics } from '../../hooks/useIntegrations';
import { formatMoney } from '../../lib/format';
import { formatSyncDate } from './format';

interface SummaryCard {
  title: string;
  icon: ReactNode;
  value: (analytics: IntegrationsAnalytics) => string | number;
}

const cards: SummaryCard[] = [
  { title: 'Active Integrations', icon: <ApiOutlined />, value: (a) => a.activeIntegrations },
  { title: 'Transactions Today', icon: <SwapOutlined />, value: (a) => a.transactionsToday.toLocaleString('en-US') },
  { title: 'Revenue Today', icon: <DollarOutlined />, value: (a) => formatMoney(a.revenueToday, a.currency) },
  { title: 'Last Sync', icon: <ClockCircleOutlined />, value: (a) => formatSyncDate(a.lastSync) },
];

/** Spec 2: the four figures of GET /api/integrations/analytics. */
export function IntegrationsSummary() {
  const analytics = useIntegrationsAnalytics();

  return (
    <section aria-label="Summary">
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} lg={6}>
            <Card size="small">
              <Statistic
                title={card.title}
                prefix={<span aria-hidden>{card.icon}</span>}
                loading={analytics.isPending}
                value={analytics.data ? card.value(analytics.data) : '—'}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {analytics.isError && (
        <Typography.Text type="danger" role="alert">
          The summary could not be loaded. Reload the page to try again.
        </Typography.Text>
      )}
    </section>
  );
}
