import { recentReportsLimit, type Report } from '@app/contracts';
import { Button, Card, Empty, Flex, Skeleton, Table, Tag } from 'antd';
import { useRecentReports } from '../../hooks/useReports';
import { formatDateTime } from '../../lib/format';
import { ScrollRegion } from '../analytics/ScrollRegion';
import { LoadFailed } from '../dashboard/LoadFailed';
import { ReportDownloads } from './ReportDownloads';
import { reportPeriodLabels, reportStatusColors, reportStatusLabels, reportTypeLabels } from './labels';

interface Props {
  shownId: string | undefined;
  onView: (id: string) => void;
}

/** Spec 9: the 5 most recent reports, with their downloads once completed. */
export function RecentReports({ shownId, onView }: Props) {
  const recent = useRecentReports();
  return (
    <Card title="Recent Reports">
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: recentReportsLimit }} />
      ) : recent.isError ? (
        <LoadFailed what="Recent reports" onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
      ) : recent.data.length === 0 ? (
        <Empty description="No reports yet. Choose a report type and a time period above to generate one." />
      ) : (
        <ScrollRegion label="Recent reports">
          <Table<Report>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={recent.data}
            columns={[
              { title: 'Title', dataIndex: 'title' },
              { title: 'Type', dataIndex: 'type', render: (type: Report['type']) => reportTypeLabels[type] },
              {
                title: 'Period',
                dataIndex: 'period',
                render: (period: Report['period']) => reportPeriodLabels[period],
              },
              { title: 'Created', dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (_, report) => (
                  <Tag color={reportStatusColors[report.status]}>
                    {reportStatusLabels[report.status]}
                    {report.status === 'generating' ? ` ${report.progress}%` : ''}
                  </Tag>
                ),
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, report) => (
                  <Flex gap={8} wrap>
                    <Button
                      size="small"
                      type={report.id === shownId ? 'primary' : 'default'}
                      aria-label={`View report: ${report.title}`}
                      aria-pressed={report.id === shownId}
                      onClick={() => onView(report.id)}
                    >
                      View
                    </Button>
                    <ReportDownloads report={report} compact />
                  </Flex>
                ),
              },
            ]}
          />
        </ScrollRegion>
      )}
    </Card>
  );
}
