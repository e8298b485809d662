import type { TransactionType } from '@app/contracts';
import { Card, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLiveTransactions } from '../../hooks/useDashboard';
import { TransactionTable } from '../transactions/TransactionTable';
import { LoadFailed } from './LoadFailed';

type Filter = 'all' | TransactionType;

const filterOptions: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'crypto', label: 'Crypto' },
  { value: 'fiat', label: 'Fiat' },
  { value: 'token', label: 'Tokens' },
];

/** Spec 2: the latest transactions, filtered by type, re-read every 30 seconds. */
export function LiveTransactionMonitoring() {
  const [filter, setFilter] = useState<Filter>('all');
  const live = useLiveTransactions(filter === 'all' ? undefined : filter);

  return (
    <Card title="Live Transaction Monitoring" extra={<Link to="/transactions">Open Transaction Management</Link>}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Segmented<Filter>
            aria-label="Transaction type"
            value={filter}
            onChange={setFilter}
            options={filterOptions}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Latest 10, refreshed every 30 seconds
          </Typography.Text>
        </Flex>
        {live.isError ? (
          <LoadFailed what="Transactions" onRetry={() => void live.refetch()} retrying={live.isFetching} />
        ) : (
          <TransactionTable
            caption="Live transactions"
            transactions={live.data ?? []}
            loading={live.isPending}
            empty={filter === 'all' ? 'No transactions yet.' : 'No transactions of this type yet.'}
          />
        )}
      </Flex>
    </Card>
  );
}
