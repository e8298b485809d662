import { affiliateStatuses, type AffiliateApplicationView, type AffiliateStatusChange } from '@app/contracts';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useAdminApplications, useChangeApplicationStatus } from '../../hooks/useAffiliate';
import { useToast } from '../../hooks/useToast';
import { formatDay } from '../affiliate/dashboard/format';
import { QueryError } from '../affiliate/dashboard/QueryError';
import { StatusTag } from '../affiliate/dashboard/StatusTag';
import { StatusFilter } from './StatusFilter';

const actions: { status: AffiliateStatusChange['status']; label: string; danger?: boolean }[] = [
  { status: 'approved', label: 'Approve' },
  { status: 'rejected', label: 'Reject', danger: true },
  { status: 'suspended', label: 'Suspend', danger: true },
];

function ApplicationActions({ application }: { application: AffiliateApplicationView }) {
  const change = useChangeApplicationStatus();
  const { toast } = useToast();
  const run = (status: AffiliateStatusChange['status']) =>
    change.mutate(
      { id: application.id, status },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Application Updated',
            description: `${updated.companyName} is now ${updated.status}.`,
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
      {actions.map(({ status, label, danger }) => (
        <Button
          key={status}
          size="small"
          danger={danger}
          disabled={application.status === status || change.isPending}
          loading={change.isPending && change.variables.status === status}
          onClick={() => run(status)}
          aria-label={`${label} ${application.companyName}`}
        >
          {label}
        </Button>
      ))}
    </Flex>
  );
}

const columns: TableColumnsType<AffiliateApplicationView> = [
  {
    title: 'Company',
    key: 'company',
    render: (_, row) => (
      <Flex vertical>
        <Typography.Text strong>{row.companyName}</Typography.Text>
        <Typography.Text type="secondary">{row.website ?? ''}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Contact',
    key: 'contact',
    render: (_, row) => (
      <Flex vertical>
        <span>{row.contactName}</span>
        <Typography.Text type="secondary">{row.contactEmail}</Typography.Text>
      </Flex>
    ),
  },
  { title: 'Expected referrals', dataIndex: 'expectedReferrals' },
  { title: 'Applied', dataIndex: 'createdAt', render: formatDay },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Actions', key: 'actions', render: (_, row) => <ApplicationActions application={row} /> },
];

export function ApplicationsTable() {
  const [status, setStatus] = useState('pending');
  const applications = useAdminApplications(status);
  return (
    <Flex vertical gap={12}>
      <StatusFilter id="application-status" statuses={affiliateStatuses} value={status} onChange={setStatus} />
      {applications.isError ? (
        <QueryError query={applications} noun="applications" />
      ) : (
        <Table
          aria-label="Affiliate applications"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={applications.data}
          loading={applications.isPending}
          expandable={{
            expandedRowRender: (row) => (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {row.businessDescription}
                {row.additionalInfo ? `\n\n${row.additionalInfo}` : ''}
              </Typography.Paragraph>
            ),
          }}
          locale={{ emptyText: 'No applications.' }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}
