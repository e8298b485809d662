import { Card, Flex, Skeleton, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useDashboardStats } from '../../hooks/useDashboard';
import { formatCount } from '../../lib/format';

/** The dashboard's tokenization block: the stored count; the tokenization tool itself is not built yet. */
export function TokenizationBlock() {
  const stats = useDashboardStats();
  return (
    <Card title="Real Estate Tokenization" extra={<Tag>Coming soon</Tag>} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        {stats.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : stats.data ? (
          <Statistic title="Tokenized properties" value={formatCount(stats.data.tokenizedProperties)} />
        ) : (
          <Typography.Text type="secondary">The tokenized property count could not be loaded.</Typography.Text>
        )}
        <Typography.Text type="secondary">
          Property submission, compliance verification and token deployment are not available in the app yet. Offers are
          limited to New Zealand and Australia and to wholesale investors.
        </Typography.Text>
        <Link to="/solutions/real-estate-tokenization">How tokenization works</Link>
      </Flex>
    </Card>
  );
}
