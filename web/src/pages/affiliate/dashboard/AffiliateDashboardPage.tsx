import type { AffiliateProfile } from '@app/contracts';
import { Button, Flex, Result, Spin, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useAffiliateProfile } from '../../../hooks/useAffiliate';
import { AffiliateNotFound } from './AffiliateNotFound';
import { OverviewTab } from './OverviewTab';
import { PayoutsTab } from './PayoutsTab';
import { ReferralsTab } from './ReferralsTab';
import { SettingsTab } from './SettingsTab';
import { StatCards } from './StatCards';
import { StatusTag } from './StatusTag';

function DashboardHeader({ profile }: { profile: AffiliateProfile }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={1} style={{ margin: 0 }}>
            Affiliate Dashboard
          </Typography.Title>
          <StatusTag status={profile.status} />
          {profile.isDemo && <Tag>Demo account</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          {profile.companyName} · {profile.tier.name} tier
        </Typography.Text>
      </div>
      <nav aria-label="Affiliate">
        <Flex gap="8px 16px" wrap>
          <Link to="/affiliate/marketing-toolkit">Marketing Toolkit</Link>
          <Link to="/affiliate">Affiliate Programme</Link>
          <Link to="/">Home</Link>
        </Flex>
      </nav>
    </Flex>
  );
}

/** Spec 2.11: the affiliate's figures, referral link, payouts and account. */
export function AffiliateDashboardPage() {
  const profile = useAffiliateProfile();

  if (profile.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading affiliate dashboard...</Typography.Text>
      </Flex>
    );
  }
  if (profile.isError) {
    return (
      <Result
        status="error"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Error Loading Dashboard</h1>}
        subTitle="Failed to load your affiliate account. Please try again."
        extra={
          <Button type="primary" loading={profile.isFetching} onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (!profile.data) return <AffiliateNotFound />;

  return (
    <Flex vertical gap={24}>
      <DashboardHeader profile={profile.data} />
      <StatCards profile={profile.data} />
      <Tabs
        items={[
          { key: 'overview', label: 'Overview', children: <OverviewTab profile={profile.data} /> },
          { key: 'referrals', label: 'Referrals', children: <ReferralsTab /> },
          { key: 'payouts', label: 'Payouts', children: <PayoutsTab /> },
          { key: 'settings', label: 'Settings', children: <SettingsTab profile={profile.data} /> },
        ]}
      />
    </Flex>
  );
}
