import type { PayoutView } from '@app/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useAffiliatePayouts } from '../../../hooks/useAffiliate';
import { formatAmount, formatDay, shortId } from './format';
import { QueryError } from './QueryError';
import { StatusTag } from './StatusTag';

const columns: TableColumnsType<PayoutView> = [
  { title: 'Payout', dataIndex: 'id', render: (id: string) => `#${shortId(id)}` },
  { title: 'Requested', dataIndex: 'createdAt', render: formatDay },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatAmount },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Processed', dataIndex: 'processedAt', render: formatDay },
];

export function PayoutsTab() {
  const payouts = useAffiliatePayouts();
  if (payouts.isError) return <QueryError query={payouts} noun="payouts" />;
  return (
    <Table
      aria-label="Payout history"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={payouts.data}
      loading={payouts.isPending}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No payouts yet.' }}
      scroll={{ x: true }}
    />
  );
}
