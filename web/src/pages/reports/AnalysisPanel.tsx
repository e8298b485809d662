import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { ReportAnalysis } from '@app/contracts';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { ScrollRegion } from '../analytics/ScrollRegion';
import { riskColors, riskLabels } from '../transactions/labels';
import { analystLabels, figureLabel } from './labels';

type KeyMetric = ReportAnalysis['keyMetrics'][number];

const trends: Record<KeyMetric['trend'], { icon: ReactNode; label: string }> = {
  up: { icon: <ArrowUpOutlined aria-hidden />, label: 'Up' },
  down: { icon: <ArrowDownOutlined aria-hidden />, label: 'Down' },
  stable: { icon: <MinusOutlined aria-hidden />, label: 'Stable' },
};

const significanceColors: Record<KeyMetric['significance'], string> = { high: 'red', medium: 'gold', low: 'default' };
const significanceLabels: Record<KeyMetric['significance'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A list of statements, or what it means that there are none. */
function Statements({ items, none }: { items: string[]; none: string }) {
  if (items.length === 0) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Spec 3 AI analysis of one report, with who wrote it and the figures it was based on. */
export function AnalysisPanel({ analysis }: { analysis: ReportAnalysis }) {
  const { riskAssessment: risk } = analysis;
  return (
    <Card
      size="small"
      title="AI Analysis"
      extra={
        <Typography.Text type="secondary">
          {analystLabels[analysis.generatedBy]} · {formatDateTime(analysis.analysedAt)}
        </Typography.Text>
      }
    >
      <Flex vertical gap={20}>
        <Typography.Paragraph style={{ margin: 0 }}>{analysis.summary}</Typography.Paragraph>
        <Section title="Risk assessment">
          <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
            <Tag color={riskColors[risk.level]}>{riskLabels[risk.level]} risk</Tag>
            <Typography.Text>Score {Math.round(risk.score)} / 100</Typography.Text>
          </Flex>
          <Statements items={risk.factors} none="No risk factors found in the figures." />
        </Section>
        <Section title="Key metrics">
          {analysis.keyMetrics.length === 0 ? (
            <Typography.Text type="secondary">No key metrics.</Typography.Text>
          ) : (
            <ScrollRegion label="Key metrics table">
              <Table<KeyMetric>
                size="small"
                rowKey="metric"
                pagination={false}
                dataSource={analysis.keyMetrics}
                columns={[
                  { title: 'Metric', dataIndex: 'metric' },
                  { title: 'Value', dataIndex: 'value' },
                  {
                    title: 'Trend',
                    dataIndex: 'trend',
                    render: (trend: KeyMetric['trend']) => (
                      <Flex gap={4} align="center">
                        {trends[trend].icon}
                        {trends[trend].label}
                      </Flex>
                    ),
                  },
                  {
                    title: 'Significance',
                    dataIndex: 'significance',
                    render: (value: KeyMetric['significance']) => (
                      <Tag color={significanceColors[value]}>{significanceLabels[value]}</Tag>
                    ),
                  },
                ]}
              />
            </ScrollRegion>
          )}
        </Section>
        <Section title="Insights">
          <Statements items={analysis.insights} none="No insights." />
        </Section>
        <Section title="Recommendations">
          <Statements items={analysis.recommendations} none="The figures show nothing that needs action." />
        </Section>
        {analysis.basedOn.length > 0 && (
          <Typography.Text type="secondary">Based on: {analysis.basedOn.map(figureLabel).join(', ')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
