import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { recentActivityCount, useRecentTransactions } from '../../hooks/useDashboard';
import { formatDateTime } from '../../lib/format';
import { statusColors, statusLabels, transactionAmount, typeLabels } from '../transactions/labels';
import { LoadFailed } from './LoadFailed';

/** Spec 2: the latest 5 transactions. */
export function RecentActivity() {
  const recent = useRecentTransactions();
  return (
    <Card title="Recent Activity" extra={<Link to="/transactions">View all</Link>} style={{ height: '100%' }}>
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: recentActivityCount }} />
      ) : recent.isError ? (
        <LoadFailed what="Recent activity" onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
      ) : recent.data.length === 0 ? (
        <Empty description="No transactions yet." />
      ) : (
        <List
          aria-label="Recent transactions"
          dataSource={recent.data}
          renderItem={(transaction) => (
            <List.Item key={transaction.id}>
              <Flex justify="space-between" align="center" gap={12} style={{ width: '100%' }}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>
                    {typeLabels[transaction.type]} · {transaction.processor}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(transaction.createdAt)}
                  </Typography.Text>
                </Flex>
                <Flex vertical align="end">
                  <Typography.Text>{transactionAmount(transaction)}</Typography.Text>
                  <Tag color={statusColors[transaction.status]} style={{ marginInlineEnd: 0 }}>
                    {statusLabels[transaction.status]}
                  </Tag>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
