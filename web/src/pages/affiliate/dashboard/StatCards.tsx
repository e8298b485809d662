import { DollarOutlined, PercentageOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import type { AffiliateProfile } from '@app/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useAffiliateStats } from '../../../hooks/useAffiliate';
import { formatAmount, formatRate } from './format';

interface StatCard {
  title: string;
  icon: ReactNode;
  value: string | number;
  loading?: boolean;
}

/** Spec 2.11: total earnings, current balance, total referrals and commission rate. */
export function StatCards({ profile }: { profile: AffiliateProfile }) {
  const stats = useAffiliateStats();
  const cards: StatCard[] = [
    { title: 'Total Earnings', icon: <DollarOutlined />, value: formatAmount(profile.totalEarnings) },
    { title: 'Current Balance', icon: <WalletOutlined />, value: formatAmount(profile.currentBalance) },
    {
      title: 'Total Referrals',
      icon: <TeamOutlined />,
      value: stats.data?.totalReferrals ?? '—',
      loading: stats.isPending,
    },
    { title: 'Commission Rate', icon: <PercentageOutlined />, value: formatRate(profile.commissionRate) },
  ];

  return (
    <section aria-label="Summary">
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} lg={6}>
            <Card size="small">
              <Statistic
                title={card.title}
                prefix={<span aria-hidden>{card.icon}</span>}
                loading={card.loading}
                value={card.value}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
