import { affiliateMessages } from '@app/contracts';
import { Button, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { useAffiliateProfile } from '../../../hooks/useAffiliate';
import { CustomContentTab } from './CustomContentTab';
import { MarketingKitTab } from './MarketingKitTab';
import { ValuePropositionTab } from './ValuePropositionTab';

const headingStyle = { margin: 0, fontSize: 'inherit' } as const;

/** Spec 2.11: AI-written marketing material for affiliates, in three tabs. */
export function MarketingToolkitPage() {
  const profile = useAffiliateProfile();

  if (profile.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading marketing toolkit...</Typography.Text>
      </Flex>
    );
  }
  if (profile.isError) {
    return (
      <Result
        status="error"
        title={<h1 style={headingStyle}>Error Loading Toolkit</h1>}
        subTitle="Failed to load your affiliate account. Please try again."
        extra={
          <Button type="primary" loading={profile.isFetching} onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (!profile.data) {
    return (
      <Result
        status="warning"
        title={<h1 style={headingStyle}>{affiliateMessages.requiredTitle}</h1>}
        subTitle="The marketing toolkit is for affiliates. Set up your affiliate account on the dashboard first."
        extra={
          <ButtonLink type="primary" to="/affiliate/dashboard">
            Go to Affiliate Dashboard
          </ButtonLink>
        }
      />
    );
  }

  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={1} style={{ marginBottom: 4 }}>
            Marketing Toolkit
          </Typography.Title>
          <Typography.Text type="secondary">
            Generate e-mails, social posts, sales copy and value propositions to share with your referral link.
          </Typography.Text>
        </div>
        <Link to="/affiliate/dashboard">Back to Dashboard</Link>
      </Flex>
      <Tabs
        items={[
          { key: 'kit', label: 'Marketing Kit', children: <MarketingKitTab /> },
          { key: 'custom', label: 'Custom Content', children: <CustomContentTab /> },
          { key: 'value', label: 'Value Proposition', children: <ValuePropositionTab /> },
        ]}
      />
    </Flex>
  );
}
