import type { Report, ReportAnalysis } from '@app/contracts';
import { recentReportsLimit } from '@app/contracts';
import { Card, Empty, Flex, Skeleton, Tag, theme, Typography } from 'antd';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { useRecentReports } from '../../hooks/useReports';
import { formatDateTime } from '../../lib/format';
import { ReportDownloads } from '../reports/ReportDownloads';
import {
  analystLabels,
  reportPeriodLabels,
  reportStatusColors,
  reportStatusLabels,
  reportTypeLabels,
} from '../reports/labels';
import { riskColors, riskLabels } from '../transactions/labels';
import { LoadFailed } from './LoadFailed';

/** The most recently written analysis among the listed reports, with its report. */
function latestAnalysis(reports: Report[]): { report: Report; analysis: ReportAnalysis } | undefined {
  let latest: { report: Report; analysis: ReportAnalysis } | undefined;
  for (const report of reports) {
    if (report.analysis && (!latest || report.analysis.analysedAt > latest.analysis.analysedAt)) {
      latest = { report, analysis: report.analysis };
    }
  }
  return latest;
}

function LatestAnalysis({ reports }: { reports: Report[] }) {
  const latest = latestAnalysis(reports);
  if (!latest) {
    return (
      <Typography.Text type="secondary">
        No AI analysis yet: open a completed report on the Reports screen and choose AI Analysis.
      </Typography.Text>
    );
  }
  const { report, analysis } = latest;
  const { level, score } = analysis.riskAssessment;
  return (
    <section aria-label="Latest AI analysis">
      <Flex gap={8} align="center" wrap style={{ marginBottom: 4 }}>
        <Typography.Text strong>Latest AI analysis</Typography.Text>
        <Tag color={riskColors[level]}>{riskLabels[level]} risk</Tag>
        <Typography.Text>Score {Math.round(score)} / 100</Typography.Text>
      </Flex>
      <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 4 }}>
        {analysis.summary}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {report.title} · {analystLabels[analysis.generatedBy]} · {formatDateTime(analysis.analysedAt)}
      </Typography.Text>
    </section>
  );
}

/** Spec 2's block: the latest reports with their status and downloads, and the latest analysis. */
export function ReportsBlock() {
  const recent = useRecentReports();
  const { token } = theme.useToken();
  return (
    <Card
      title="Business Intelligence Reports & AI Analysis"
      extra={<Link to="/reports">All reports</Link>}
      style={{ height: '100%' }}
    >
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: recentReportsLimit }} />
      ) : recent.isError ? (
        <LoadFailed what="Reports" onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
      ) : recent.data.length === 0 ? (
        <Empty description="No reports yet">
          <ButtonLink to="/reports" type="primary">
            Generate a report
          </ButtonLink>
        </Empty>
      ) : (
        <Flex vertical gap={16}>
          <ul aria-label="Latest reports" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {recent.data.map((report) => (
              <li key={report.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
                <Flex justify="space-between" align="center" gap={12} wrap>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text strong>{report.title}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {reportTypeLabels[report.type]} · {reportPeriodLabels[report.period]} ·{' '}
                      {formatDateTime(report.createdAt)}
                    </Typography.Text>
                  </Flex>
                  <Flex gap={8} align="center" wrap>
                    <Tag color={reportStatusColors[report.status]} style={{ marginInlineEnd: 0 }}>
                      {reportStatusLabels[report.status]}
                    </Tag>
                    <ReportDownloads report={report} compact />
                  </Flex>
                </Flex>
              </li>
            ))}
          </ul>
          <LatestAnalysis reports={recent.data} />
        </Flex>
      )}
    </Card>
  );
}
