import type { Escrow, EscrowStatus } from '@app/contracts';
import { Alert, Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useMyEscrows } from '../../hooks/useCrypto';
import { formatDateTime, formatXrp } from './format';

const statusTags: Record<EscrowStatus, { label: string; color: string }> = {
  created: { label: 'Created', color: 'cyan' },
  finished: { label: 'Finished', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
  unknown: { label: 'Unknown', color: 'warning' },
};

/** The status, and why when the ledger's history did not say (focusable, so keyboard users get the reason too). */
function EscrowStatusTag({ status, reason }: { status: EscrowStatus; reason: string | null }) {
  const tag = <Tag color={statusTags[status].color}>{statusTags[status].label}</Tag>;
  if (!reason) return tag;
  return (
    <Tooltip title={`The escrow ${reason}.`}>
      <span tabIndex={0} aria-label={`${statusTags[status].label}: the escrow ${reason}.`}>
        {tag}
      </span>
    </Tooltip>
  );
}

/** Every escrow this user created here, also from earlier visits (read-only: their seeds are not kept). */
export function MyEscrows() {
  const escrows = useMyEscrows();
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
        Your escrows
      </Typography.Title>
      {escrows.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load your escrows."
          action={
            <Button size="small" onClick={() => void escrows.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <Table<Escrow>
          rowKey="id"
          size="small"
          loading={escrows.isPending}
          pagination={{ pageSize: 5, hideOnSinglePage: true }}
          dataSource={escrows.data?.escrows ?? []}
          locale={{ emptyText: 'No escrows yet.' }}
          scroll={{ x: true }}
          columns={[
            { title: 'Sequence', dataIndex: 'sequence' },
            { title: 'Amount', dataIndex: 'amount', render: (amount: string) => formatXrp(amount) },
            {
              title: 'Destination',
              dataIndex: 'destination',
              render: (address: string) => (
                <Typography.Text code ellipsis={{ tooltip: address }} style={{ maxWidth: 140 }}>
                  {address}
                </Typography.Text>
              ),
            },
            { title: 'Release after', dataIndex: 'finishAfterIso', render: (iso: string) => formatDateTime(iso) },
            { title: 'Auto cancel after', dataIndex: 'cancelAfterIso', render: (iso: string) => formatDateTime(iso) },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: EscrowStatus, escrow) => (
                <EscrowStatusTag status={status} reason={escrow.closedReason} />
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
