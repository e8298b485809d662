import type { BillingPayment, BillingPaymentStatus } from '@app/contracts';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useBillingPayments } from '../../hooks/useBilling';
import { formatDay, formatMoney } from '../../lib/format';

const statusLabels: Record<BillingPaymentStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'success' },
  refunded: { label: 'Refunded', color: 'default' },
  partially_refunded: { label: 'Partially refunded', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  pending: { label: 'Pending', color: 'processing' },
};

const columns: TableColumnsType<BillingPayment> = [
  { title: 'Date', dataIndex: 'paidAt', render: formatDay },
  { title: 'Description', dataIndex: 'description' },
  {
    title: 'Method',
    dataIndex: 'method',
    render: (method: BillingPayment['method']) => (method === 'card' ? 'Card' : 'Crypto'),
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (amount: string, payment) => formatMoney(amount, payment.currency),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: BillingPaymentStatus) => (
      <Tag color={statusLabels[status].color}>{statusLabels[status].label}</Tag>
    ),
  },
  {
    title: 'Reference',
    dataIndex: 'reference',
    render: (reference: string) => (
      <Typography.Text type="secondary" copyable={{ text: reference }} ellipsis style={{ maxWidth: 200 }}>
        {reference}
      </Typography.Text>
    ),
  },
];

/** Settings → Billing: what the user paid the platform for plans (fees are not their sales). */
export function PaymentHistoryCard() {
  const payments = useBillingPayments();
  return (
    <Card title="Payment history">
      {payments.isError ? (
        <Typography.Paragraph type="danger">
          Failed to load your payment history.{' '}
          <Button type="link" size="small" loading={payments.isFetching} onClick={() => void payments.refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : (
        <Table
          aria-label="Payment history"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={payments.data}
          loading={payments.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: 'No payments yet' }}
          scroll={{ x: true }}
        />
      )}
    </Card>
  );
}
