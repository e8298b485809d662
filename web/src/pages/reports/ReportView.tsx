import { RobotOutlined } from '@ant-design/icons';
import { reportMessages, type Report } from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { ApiError } from '../../api/client';
import { reportInProgress, useAnalyzeReport, useReport, useReportSettled } from '../../hooks/useReports';
import { useToast } from '../../hooks/useToast';
import { formatDateTime } from '../../lib/format';
import { LoadFailed } from '../dashboard/LoadFailed';
import { AnalysisPanel } from './AnalysisPanel';
import { ReportDownloads } from './ReportDownloads';
import {
  figureLabel,
  formatDateRange,
  formatFigure,
  reportPeriodLabels,
  reportStatusColors,
  reportStatusLabels,
  reportTypeLabels,
} from './labels';

function GenerationProgress({ report }: { report: Report }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text role="status">
        {report.status === 'queued' ? 'Queued: waiting for a worker to start.' : 'Generating the report...'}
      </Typography.Text>
      <Progress percent={report.progress} status="active" aria-label="Report progress" />
    </Flex>
  );
}

function SummaryFigures({ summary }: { summary: Record<string, number> }) {
  const entries = Object.entries(summary);
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This report has no figures." />;
  return (
    <Row gutter={[16, 16]} role="region" aria-label="Summary figures">
      {entries.map(([key, value]) => (
        <Col key={key} xs={12} md={8} xl={6}>
          <Statistic title={figureLabel(key)} value={formatFigure(key, value)} />
        </Col>
      ))}
    </Row>
  );
}

function CompletedReport({ report }: { report: Report }) {
  const analyze = useAnalyzeReport();
  const { toast } = useToast();
  const requestAnalysis = () =>
    analyze.mutate(report, {
      onError: (error) =>
        toast({
          title: reportMessages.analysisFailedTitle,
          description: (error instanceof ApiError && error.serverMessage) || reportMessages.analysisFailed,
          variant: 'destructive',
        }),
    });

  return (
    <Flex vertical gap={16}>
      <SummaryFigures summary={report.data?.summary ?? {}} />
      <Flex gap={8} wrap>
        <ReportDownloads report={report} />
        {!report.analysis && (
          <Button type="primary" icon={<RobotOutlined />} loading={analyze.isPending} onClick={requestAnalysis}>
            AI Analysis
          </Button>
        )}
      </Flex>
      {report.analysis && <AnalysisPanel analysis={report.analysis} />}
    </Flex>
  );
}

interface ReportViewProps {
  id: string;
  /** Generated from this screen just now: its failure is announced with the spec's toast. */
  followed: boolean;
}

/** One report: live progress while it is generated, then its figures, downloads and analysis. */
export function ReportView({ id, followed }: ReportViewProps) {
  const query = useReport(id);
  const { toast } = useToast();
  useReportSettled(query.data, followed ? id : undefined, (report) => {
    if (report.status !== 'failed') return;
    toast({
      title: reportMessages.generationFailedTitle,
      description: report.error || reportMessages.generationFailed,
      variant: 'destructive',
    });
  });

  if (query.isPending) {
    return (
      <Card title="Report">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  const report = query.data;
  if (!report) {
    return (
      <Card title="Report">
        <LoadFailed what="The report" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  }

  return (
    <Card
      title={report.title}
      extra={<Tag color={reportStatusColors[report.status]}>{reportStatusLabels[report.status]}</Tag>}
    >
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'type', label: 'Type', children: reportTypeLabels[report.type] },
            {
              key: 'period',
              label: 'Period',
              children: `${reportPeriodLabels[report.period]} (${formatDateRange(report.dateRange)})`,
            },
            { key: 'created', label: 'Created', children: formatDateTime(report.createdAt) },
            { key: 'generated', label: 'Generated', children: formatDateTime(report.generatedAt) },
          ]}
        />
        {query.isError && (
          <Alert
            type="warning"
            showIcon
            title="The report's progress could not be checked."
            action={
              <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
                Try Again
              </Button>
            }
          />
        )}
        {reportInProgress(report) ? (
          <GenerationProgress report={report} />
        ) : report.status === 'failed' ? (
          <Alert
            type="error"
            showIcon
            title={reportMessages.generationFailedTitle}
            description={report.error || reportMessages.generationFailed}
          />
        ) : (
          <CompletedReport report={report} />
        )}
      </Flex>
    </Card>
  );
}
