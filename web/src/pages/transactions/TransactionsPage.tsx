import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { TransactionFilters } from '../../api/dashboard';
import { useTransactions } from '../../hooks/useDashboard';
import { LoadFailed } from '../dashboard/LoadFailed';
import { TransactionDrawer } from './TransactionDrawer';
import { TransactionFiltersBar } from './TransactionFiltersBar';
import { TransactionTable } from './TransactionTable';

const hasFilters = (filters: TransactionFilters) => Object.values(filters).some(Boolean);

/** Spec 2 Transaction Management: every transaction of the user, newest first, with filters. */
export function TransactionsPage() {
  const [filters, setFilters] = useState<TransactionFilters>({});
  const query = useTransactions(filters);
  const [opened, setOpened] = useState<string>();
  const transactions = query.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Transaction Management
        </Typography.Title>
        <Typography.Text type="secondary">Monitor and manage all financial transactions</Typography.Text>
      </div>
      <Card>
        <Flex vertical gap={16}>
          <TransactionFiltersBar filters={filters} onChange={setFilters} />
          {query.isError ? (
            <LoadFailed what="Transactions" onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : (
            <>
              <TransactionTable
                caption="Transactions"
                transactions={transactions}
                loading={query.isPending}
                onOpen={(t) => setOpened(t.transactionId)}
                empty={
                  hasFilters(filters)
                    ? 'No transactions match these filters.'
                    : 'No transactions yet. They appear here once a connected integration reports them.'
                }
              />
              {query.hasNextPage && (
                <Flex justify="center">
                  <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                    Load more
                  </Button>
                </Flex>
              )}
              {query.isFetchNextPageError && (
                <Typography.Text type="danger" role="alert">
                  More transactions could not be loaded. Try again.
                </Typography.Text>
              )}
            </>
          )}
        </Flex>
      </Card>
      <TransactionDrawer transactionId={opened} onClose={() => setOpened(undefined)} />
    </Flex>
  );
}
