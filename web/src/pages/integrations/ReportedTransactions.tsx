import { integrationLabels, type IntegrationTransactionView, type PosSystem, type ProcessorType } from '@app/contracts';
import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useIntegrationTransactions } from '../../hooks/useIntegrations';
import { formatDateTime, formatMoney, humanize } from '../../lib/format';
import { TransactionDrawer } from '../transactions/TransactionDrawer';

/** The transactions the merchant's integrations reported, newest first; a row opens its detail. */
export function ReportedTransactions() {
  const query = useIntegrationTransactions();
  const [opened, setOpened] = useState<string>();

  const columns: TableColumnsType<IntegrationTransactionView> = [
    {
      title: 'Transaction',
      key: 'id',
      render: (_, t) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpened(t.id)}>
          {t.externalTransactionId}
        </Button>
      ),
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, t) => formatMoney(t.amount, t.currency),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, t) => (
        <Flex gap={4}>
          <Tag>{humanize(t.status)}</Tag>
          {t.test && <Tag color="purple">Test</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Integration',
      key: 'integration',
      render: (_, t) => t.integrationName ?? integrationLabels[t.provider as ProcessorType | PosSystem] ?? t.provider,
    },
    { title: 'Occurred', dataIndex: 'occurredAt', render: (iso: string) => formatDateTime(iso) },
  ];

  return (
    <Card title="Recent transactions">
      {query.isError ? (
        <Flex align="center" gap={12}>
          <Typography.Text type="danger">Transactions could not be loaded.</Typography.Text>
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Flex>
      ) : (
        <Table<IntegrationTransactionView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          aria-label="Recent transactions"
          onRow={(t) => ({ onClick: () => setOpened(t.id), style: { cursor: 'pointer' } })}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                No transactions reported yet. Send a sample delivery from an integration&apos;s delivery guide.
              </Typography.Text>
            ),
          }}
        />
      )}
      <TransactionDrawer transactionId={opened} onClose={() => setOpened(undefined)} />
    </Card>
  );
}
