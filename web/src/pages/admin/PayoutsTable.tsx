import { payoutStatuses, type AdminPayoutView, type PayoutStatusChange } from '@app/contracts';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useAdminPayouts, useChangePayoutStatus } from '../../hooks/useAffiliate';
import { useToast } from '../../hooks/useToast';
import { formatAmount, formatDay } from '../affiliate/dashboard/format';
import { QueryError } from '../affiliate/dashboard/QueryError';
import { StatusTag } from '../affiliate/dashboard/StatusTag';
import { StatusFilter } from './StatusFilter';

function PayoutActions({ payout }: { payout: AdminPayoutView }) {
  const change = useChangePayoutStatus();
  const { toast } = useToast();
  if (payout.status !== 'requested') return null;

  const run = (status: PayoutStatusChange['status']) =>
    change.mutate(
      { id: payout.id, status },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Payout Updated',
            description: `${formatAmount(updated.amount)} to ${updated.companyName} is now ${updated.status}.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <Flex gap={8} wrap>
      <Button
        size="small"
        type="primary"
        disabled={change.isPending}
        loading={change.isPending && change.variables.status === 'paid'}
        onClick={() => run('paid')}
      >
        Mark paid
      </Button>
      <Button
        size="small"
        danger
        disabled={change.isPending}
        loading={change.isPending && change.variables.status === 'failed'}
        onClick={() => run('failed')}
      >
        Mark failed
      </Button>
    </Flex>
  );
}

const columns: TableColumnsType<AdminPayoutView> = [
  {
    title: 'Affiliate',
    key: 'affiliate',
    render: (_, row) => (
      <Flex vertical>
        <Typography.Text strong>{row.companyName}</Typography.Text>
        <Typography.Text type="secondary">
          {row.referralCode} · {row.contactEmail}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatAmount },
  { title: 'Requested', dataIndex: 'createdAt', render: formatDay },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Processed', dataIndex: 'processedAt', render: formatDay },
  { title: 'Actions', key: 'actions', render: (_, row) => <PayoutActions payout={row} /> },
];

export function PayoutsTable() {
  const [status, setStatus] = useState('requested');
  const payouts = useAdminPayouts(status);
  return (
    <Flex vertical gap={12}>
      <StatusFilter id="payout-status" statuses={payoutStatuses} value={status} onChange={setStatus} />
      {payouts.isError ? (
        <QueryError query={payouts} noun="payouts" />
      ) : (
        <Table
          aria-label="Payout requests"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={payouts.data}
          loading={payouts.isPending}
          locale={{ emptyText: 'No payouts.' }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}
