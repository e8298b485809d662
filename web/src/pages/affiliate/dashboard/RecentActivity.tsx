import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useAffiliateReferrals } from '../../../hooks/useAffiliate';
import { formatAmount, formatDay, shortId } from './format';
import { QueryError } from './QueryError';
import { StatusTag } from './StatusTag';

const recentCount = 3;

/** Spec 9: the last 3 referrals. */
export function RecentActivity() {
  const referrals = useAffiliateReferrals();

  const body = () => {
    if (referrals.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (referrals.isError) return <QueryError query={referrals} noun="referrals" />;
    if (referrals.data.length === 0) {
      return <Empty description="No referrals yet. Share your referral link to get started." />;
    }
    return (
      <Flex vertical gap={8} role="list" aria-label="Recent referrals">
        {referrals.data.slice(0, recentCount).map((referral) => (
          <Flex key={referral.id} role="listitem" justify="space-between" align="center" gap={12} wrap>
            <Flex vertical>
              <Typography.Text strong>Referral #{shortId(referral.id)}</Typography.Text>
              <Typography.Text type="secondary">{formatDay(referral.createdAt)}</Typography.Text>
            </Flex>
            <Flex align="center" gap={8}>
              <Typography.Text>{formatAmount(referral.commissionAmount)}</Typography.Text>
              <StatusTag status={referral.status} />
            </Flex>
          </Flex>
        ))}
      </Flex>
    );
  };

  return (
    <Card title="Recent Activity" size="small">
      {body()}
    </Card>
  );
}
