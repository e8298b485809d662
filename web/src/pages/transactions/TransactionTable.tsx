import type { TransactionView } from '@app/contracts';
import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { formatDateTime } from '../../lib/format';
import { riskColors, riskLabels, statusColors, statusLabels, transactionAmount, typeLabels } from './labels';

const columns: TableColumnsType<TransactionView> = [
  {
    title: 'Transaction ID',
    dataIndex: 'transactionId',
    render: (id: string) => (
      <Flex align="center" gap={8}>
        <Typography.Text code ellipsis style={{ maxWidth: 160 }} title={id}>
          {id}
        </Typography.Text>
        <CopyButton text={id} label="Transaction ID" copiedTitle="Copied" />
      </Flex>
    ),
  },
  { title: 'Type', dataIndex: 'type', render: (type: TransactionView['type']) => <Tag>{typeLabels[type]}</Tag> },
  { title: 'Amount', key: 'amount', align: 'right', render: (_, t) => transactionAmount(t) },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: TransactionView['status']) => <Tag color={statusColors[status]}>{statusLabels[status]}</Tag>,
  },
  {
    title: 'Risk',
    dataIndex: 'riskLevel',
    render: (level: TransactionView['riskLevel']) => <Tag color={riskColors[level]}>{riskLabels[level]}</Tag>,
  },
  { title: 'Processor', dataIndex: 'processor' },
  { title: 'Date', dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
];

interface TransactionTableProps {
  transactions: TransactionView[];
  loading?: boolean;
  /** Shown in place of rows when there are none. */
  empty: ReactNode;
  caption: string;
  /** Opens a row's detail; only transactions from integrations have one (their provider's fields). */
  onOpen?: (transaction: TransactionView) => void;
}

/** Whether a row has a detail to open: transactions a processor or POS system reported. */
export const hasDetail = (transaction: TransactionView): boolean => transaction.metadata.source === 'integrations';

/** The transactions with a copy button per ID; scrolls sideways on narrow screens. */
export function TransactionTable({ transactions, loading, empty, caption, onOpen }: TransactionTableProps) {
  const shown: TableColumnsType<TransactionView> = onOpen
    ? [
        ...columns,
        {
          title: 'Details',
          key: 'details',
          render: (_, t) =>
            hasDetail(t) ? (
              <Button size="small" onClick={() => onOpen(t)} aria-label={`Details of ${t.transactionId}`}>
                View
              </Button>
            ) : null,
        },
      ]
    : columns;
  return (
    <Table<TransactionView>
      rowKey="id"
      size="middle"
      columns={shown}
      dataSource={transactions}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      // antd greys the empty text below 4.5:1 contrast; secondary text passes.
      locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
      aria-label={caption}
    />
  );
}
