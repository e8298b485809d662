import type { TransactionView } from '@app/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
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
}

/** The transactions with a copy button per ID; scrolls sideways on narrow screens. */
export function TransactionTable({ transactions, loading, empty, caption }: TransactionTableProps) {
  return (
    <Table<TransactionView>
      rowKey="id"
      size="middle"
      columns={columns}
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
