import type { ComplianceRecord } from '@app/contracts';
import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useComplianceRecordPages } from '../../hooks/useDashboard';
import { formatDateTime, formatDay } from '../../lib/format';
import { humanize } from '../../lib/format';
import { needsReview, providerName } from '../dashboard/complianceProviders';
import { LoadFailed } from '../dashboard/LoadFailed';

const columns: TableColumnsType<ComplianceRecord> = [
  {
    title: 'Date',
    dataIndex: 'createdAt',
    render: (iso: string) => <span title={formatDateTime(iso)}>{formatDay(iso)}</span>,
  },
  {
    title: 'Check',
    key: 'check',
    render: (_, record) => (
      <Flex vertical>
        <span>{humanize(record.type)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {providerName(record.provider)}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, record) =>
      needsReview(record) ? (
        <Tag color="gold">Awaiting review</Tag>
      ) : (
        <Tag color="green">{humanize(record.status)}</Tag>
      ),
  },
  { title: 'Risk', dataIndex: 'riskScore', align: 'right', render: (score: number) => `${score}/100` },
];

/** Compliance monitoring: the AML screening records of the user's transactions, newest first. */
export function ComplianceRecordsPanel() {
  const query = useComplianceRecordPages();
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <Card title="Compliance Monitoring" style={{ height: '100%' }}>
      {query.isError ? (
        <LoadFailed what="Compliance records" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            Every transaction is screened against the platform&apos;s AML rules; a record is kept for each rule a
            transaction triggers.
          </Typography.Text>
          <Table<ComplianceRecord>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={records}
            loading={query.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Typography.Text type="secondary">No AML screening records yet.</Typography.Text> }}
          />
          {query.hasNextPage && (
            <Flex justify="center">
              <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Load more
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
