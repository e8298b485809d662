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
  { header: 'Target', value: (m) => m.target ?? '' },
  { header: 'Target Progress (%)', value: (m) => targetProgress(m.value, m.target, m.better) ?? '' },
  { header: 'Target Basis', value: (m) => m.targetBasis ?? '' },
];

/** A target the merchant set, with its progress (lower-is-better metrics on target at or below it); nothing without one. */
function TargetProgress({ metric, format }: { metric: BusinessMetric; format: (value: number) => string }) {
  const progress = targetProgress(metric.value, metric.target, metric.better);
  if (metric.target === null || progress === null) return null;
  return (
    <div>
      <Typography.Text type="secondary">
        Target: {metric.better === 'lower' ? 'at most ' : ''}
        {format(metric.target)}
      </Typography.Text>
      <Progress
        percent={progress}
        format={(percent) => `${percent ?? 0}%`}
        aria-label={`${metric.name} target progress`}
      />
      {metric.targetBasis && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {metric.targetBasis}
        </Typography.Text>
      )}
    </div>
  );
}

function MetricCard({ metric, currency }: { metric: BusinessMetric; currency: string }) {
  const format = (value: number) => formatMetricValue(value, metric.unit, currency);
  const up = metric.changeType === 'increase';
  // A rising refund rate is bad news: the colour follows which way is better.
  const good = up === (metric.better === 'higher');
  return (
    <Card size="small" title={metric.name} extra={<Tag>{humanize(metric.category)}</Tag>} aria-label={metric.name}>
      <Flex vertical gap={8}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text style={{ fontSize: 28, fontWeight: 600 }}>{format(metric.value)}</Typography.Text>
          <Typography.Text type={metric.changePercent === 0 ? 'secondary' : good ? 'success' : 'danger'}>
            {metric.changePercent !== 0 && (up ? <ArrowUpOutlined /> : <ArrowDownOutlined />)}{' '}
            {formatChange(metric.changePercent)}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">Previous period: {format(metric.previousValue)}</Typography.Text>
        <TargetProgress metric={metric} format={format} />
      </Flex>
    </Card>
  );
}

/** Spec 2 'Business metrics': the metrics of the chosen period against the period before, and a target only where the merchant set one. */
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
