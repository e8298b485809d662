import { analyticsMessages, type RiskAnalytics, type RiskMetric } from '@app/contracts';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useRiskAnalytics } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { formatDateTime, humanize } from '../../lib/format';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { ScrollRegion } from './ScrollRegion';
import { formatPercent, formatScore } from './format';

const levelColor: Record<string, string> = { low: 'green', medium: 'gold', high: 'red', critical: 'magenta' };
const alertStatusColor: Record<string, string> = { active: 'red', investigating: 'gold', resolved: 'green' };

/** One flat table: the overall score, the compliance rates, each risk metric, each alert. */
interface RiskCsvRow {
  section: string;
  name: string;
  level?: string;
  score?: number;
  status?: string;
  detail?: string;
  timestamp?: string;
}

const csvColumns: CsvColumn<RiskCsvRow>[] = [
  { header: 'Section', value: (r) => r.section },
  { header: 'Name', value: (r) => r.name },
  { header: 'Level or Severity', value: (r) => r.level },
  { header: 'Score or Percent', value: (r) => r.score },
  { header: 'Status', value: (r) => r.status },
  { header: 'Detail', value: (r) => r.detail },
  { header: 'Timestamp', value: (r) => r.timestamp },
];

function riskCsvRows(data: RiskAnalytics): RiskCsvRow[] {
  const { amlCompliance, kycCompliance, regulatoryCompliance } = data.complianceStatus;
  return [
    { section: 'Overall', name: 'Overall risk score (out of 5.0)', score: data.overallRiskScore },
    { section: 'Compliance', name: 'AML compliance (%)', score: amlCompliance },
    { section: 'Compliance', name: 'KYC compliance (%)', score: kycCompliance },
    { section: 'Compliance', name: 'Regulatory compliance (%)', score: regulatoryCompliance },
    ...data.riskMetrics.map((m) => ({
      section: 'Risk metric',
      name: m.name,
      level: m.level,
      score: m.score,
      detail: `${m.description} Impact: ${m.impact} Mitigation: ${m.mitigation}`,
    })),
    ...data.activeAlerts.map((a) => ({
      section: 'Alert',
      name: a.title,
      level: a.severity,
      status: a.status,
      detail: a.description,
      timestamp: a.timestamp,
    })),
  ];
}

function RiskContent({ data }: { data: RiskAnalytics }) {
  const compliance = [
    { title: 'AML Compliance', value: data.complianceStatus.amlCompliance },
    { title: 'KYC Compliance', value: data.complianceStatus.kycCompliance },
    { title: 'Regulatory Compliance', value: data.complianceStatus.regulatoryCompliance },
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic title="Overall Risk Score" value={formatScore(data.overallRiskScore)} />
            <Typography.Text type="secondary">The mean of the risk metric scores below.</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small" title="Compliance Status">
            {compliance.map((item) => (
              <Flex key={item.title} vertical>
                <Typography.Text>{item.title}</Typography.Text>
                <Progress
                  percent={item.value}
                  format={() => formatPercent(item.value)}
                  aria-label={item.title}
                  status="normal"
                />
              </Flex>
            ))}
          </Card>
        </Col>
      </Row>
      <Card title="Risk Metrics">
        <ScrollRegion label="Risk metrics">
          <Table<RiskMetric>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.riskMetrics}
            columns={[
              { title: 'Metric', dataIndex: 'name' },
              {
                title: 'Level',
                dataIndex: 'level',
                render: (value: string) => <Tag color={levelColor[value]}>{humanize(value)}</Tag>,
              },
              { title: 'Score', dataIndex: 'score', render: (score: number) => formatScore(score) },
              { title: 'Description', dataIndex: 'description' },
              { title: 'Impact', dataIndex: 'impact' },
              { title: 'Mitigation', dataIndex: 'mitigation' },
            ]}
          />
        </ScrollRegion>
      </Card>
      <Card title="Active Alerts">
        {data.activeAlerts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active alerts" />
        ) : (
          <ul aria-label="Active alerts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.activeAlerts.map((alert) => (
              <li key={alert.id} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong>{alert.title}</Typography.Text>
                  <Tag color={levelColor[alert.severity]}>{humanize(alert.severity)}</Tag>
                  <Tag color={alertStatusColor[alert.status]}>{humanize(alert.status)}</Tag>
                </Flex>
                <Typography.Paragraph style={{ margin: '4px 0 0' }}>{alert.description}</Typography.Paragraph>
                <Typography.Text type="secondary">{formatDateTime(alert.timestamp)}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** Spec 2 'Risk Analytics': the AML risk of the user's transactions and the open alerts. */
export function RiskAnalyticsPage() {
  const query = useRiskAnalytics();

  return (
    <AnalyticsScreen
      title="Risk Analytics"
      subtitle="Risk scores, compliance rates and alerts from the screening of your transactions"
      query={query}
      failure={{ title: analyticsMessages.riskFailedTitle, description: analyticsMessages.riskFailed }}
      isEmpty={(data) => data.riskMetrics.length === 0}
      empty={<AnalyticsEmpty text={analyticsMessages.riskEmpty} />}
      toCsv={(data) => ({ fileName: csvFileName('risk-analytics'), csv: toCsv(csvColumns, riskCsvRows(data)) })}
    >
      {(data) => <RiskContent data={data} />}
    </AnalyticsScreen>
  );
}
