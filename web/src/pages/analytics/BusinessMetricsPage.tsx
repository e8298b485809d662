import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  analyticsMessages,
  metricPeriods,
  targetProgress,
  type BusinessMetric,
  type BusinessMetrics,
  type MetricPeriod,
} from '@app/contracts';
import { Card, Col, Flex, Progress, Row, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useBusinessMetrics } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { humanize } from '../../lib/format';
import { formatChange, formatMetricValue } from './format';

const periodOptions = metricPeriods.map((period) => ({ value: period, label: humanize(period) }));

const csvColumns: CsvColumn<BusinessMetric>[] = [
  { header: 'Metric', value: (m) => m.name },
  { header: 'Category', value: (m) => m.category },
  { header: 'Unit', value: (m) => m.unit },
  { header: 'Value', value: (m) => m.value },
  { header: 'Previous Value', value: (m) => m.previousValue },
  { header: 'Change (%)', value: (m) => m.changePercent },
  { header: 'Change Type', value: (m) => m.changeType },
  { header: 'Target', value: (m) => m.target },
  { header: 'Target Progress (%)', value: (m) => targetProgress(m.value, m.target) },
  { header: 'Target Basis', value: (m) => m.targetBasis },
];

function MetricCard({ metric, currency }: { metric: BusinessMetric; currency: string }) {
  const format = (value: number) => formatMetricValue(value, metric.unit, currency);
  const up = metric.changeType === 'increase';
  return (
    <Card size="small" title={metric.name} extra={<Tag>{humanize(metric.category)}</Tag>} aria-label={metric.name}>
      <Flex vertical gap={8}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text style={{ fontSize: 28, fontWeight: 600 }}>{format(metric.value)}</Typography.Text>
          <Typography.Text type={metric.changePercent === 0 ? 'secondary' : up ? 'success' : 'danger'}>
            {metric.changePercent !== 0 && (up ? <ArrowUpOutlined /> : <ArrowDownOutlined />)}{' '}
            {formatChange(metric.changePercent)}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">Previous period: {format(metric.previousValue)}</Typography.Text>
        <div>
          <Typography.Text type="secondary">Target: {format(metric.target)}</Typography.Text>
          <Progress
            percent={targetProgress(metric.value, metric.target)}
            format={(percent) => `${percent ?? 0}%`}
            aria-label={`${metric.name} target progress`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {metric.targetBasis}
          </Typography.Text>
        </div>
      </Flex>
    </Card>
  );
}

/** Spec 2 'Business metrics': the metrics of the chosen period against the period before and a target. */
export function BusinessMetricsPage() {
  const [period, setPeriod] = useState<MetricPeriod>('monthly');
  const query = useBusinessMetrics(period);
  const metricsOf = (data: BusinessMetrics) => data[period];

  return (
    <AnalyticsScreen
      title="Business Metrics"
      subtitle="Revenue, growth, operational and customer metrics from your transactions"
      query={query}
      failure={{ title: analyticsMessages.metricsFailedTitle, description: analyticsMessages.metricsFailed }}
      isEmpty={(data) => metricsOf(data).length === 0}
      empty={<AnalyticsEmpty text={analyticsMessages.metricsEmpty} />}
      controls={
        <Segmented
          aria-label="Period"
          options={periodOptions}
          value={period}
          onChange={(value) => setPeriod(value as MetricPeriod)}
        />
      }
      toCsv={(data) => ({ fileName: csvFileName('business-metrics', period), csv: toCsv(csvColumns, metricsOf(data)) })}
    >
      {(data) => (
        <Row gutter={[16, 16]}>
          {metricsOf(data).map((metric) => (
            <Col key={metric.id} xs={24} md={12} xl={8}>
              <MetricCard metric={metric} currency={data.currency} />
            </Col>
          ))}
        </Row>
      )}
    </AnalyticsScreen>
  );
}
