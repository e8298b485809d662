import { chartRanges, type BreakdownRow, type ChartRange, type TransactionSummary } from '@app/contracts';
import { Card, Col, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTransactionVolume } from '../../hooks/useDashboard';
import { useTransactionSummary } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { formatCompactMoney, formatCount, formatMoney, humanize } from '../../lib/format';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { LineChart, type SeriesPoint } from './charts';
import { dailyAxisLabels, formatAxisDay, formatPercent } from './format';
import { transactionAnalyticsMessages as messages } from './messages';

const rangeOptions = chartRanges.map((range) => ({ value: range, label: range.toUpperCase() }));

const breakdowns: {
  key: keyof Pick<TransactionSummary, 'byStatus' | 'byType' | 'byPaymentMethod' | 'byProcessor' | 'byCountry'>;
  title: string;
}[] = [
  { key: 'byStatus', title: 'By Status' },
  { key: 'byType', title: 'By Type' },
  { key: 'byPaymentMethod', title: 'By Payment Method' },
  { key: 'byProcessor', title: 'By Processor' },
  { key: 'byCountry', title: 'By Country' },
];

interface BreakdownCsvRow extends BreakdownRow {
  breakdown: string;
}

const csvColumns: CsvColumn<BreakdownCsvRow>[] = [
  { header: 'Breakdown', value: (row) => row.breakdown },
  { header: 'Key', value: (row) => row.key },
  { header: 'Transactions', value: (row) => row.count },
  { header: 'Volume (USD)', value: (row) => row.volume },
];

function summaryCsv(summary: TransactionSummary) {
  const rows = breakdowns.flatMap(({ key, title }) =>
    summary[key].map((row) => ({ ...row, breakdown: title.slice(3) })),
  );
  return { fileName: csvFileName('transaction-analytics', summary.range), csv: toCsv(csvColumns, rows) };
}

function BreakdownTable({ title, rows, currency }: { title: string; rows: BreakdownRow[]; currency: string }) {
  return (
    <Card size="small" title={title}>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        aria-label={title}
        locale={{ emptyText: 'None in this range' }}
        columns={[
          { title: 'Key', dataIndex: 'key', render: (key: string) => humanize(key) },
          { title: 'Transactions', dataIndex: 'count', align: 'right', render: (count: number) => formatCount(count) },
          {
            title: 'Volume',
            dataIndex: 'volume',
            align: 'right',
            render: (volume: number) => formatCompactMoney(volume, currency),
          },
        ]}
      />
    </Card>
  );
}

function VolumePanel({ range }: { range: ChartRange }) {
  const volume = useTransactionVolume(range);
  let body;
  if (volume.isPending) body = <Typography.Text type="secondary">Loading daily volume...</Typography.Text>;
  else if (volume.isError)
    body = <Typography.Text type="danger">The daily volume could not be loaded.</Typography.Text>;
  else {
    const currency = volume.data.currency;
    const data: SeriesPoint[] = volume.data.points.flatMap((point) => [
      { x: point.date, series: 'Fiat', value: point.fiat },
      { x: point.date, series: 'Crypto', value: point.crypto },
      { x: point.date, series: 'Token', value: point.token },
    ]);
    body = (
      <LineChart
        label="Daily completed volume by type"
        data={data}
        formatValue={(value) => formatCompactMoney(value, currency)}
        formatX={formatAxisDay}
        maxXLabels={dailyAxisLabels}
      />
    );
  }
  return (
    <Card title="Daily Volume" extra={<Typography.Text type="secondary">Completed, USD</Typography.Text>}>
      {body}
    </Card>
  );
}

/** Spec 2 'Transaction Analytics': key figures, daily volume and breakdowns of the user's transactions. */
export function TransactionAnalyticsPage() {
  const [range, setRange] = useState<ChartRange>('30d');
  const summary = useTransactionSummary(range);
  const volume = useTransactionVolume(range);

  return (
    <AnalyticsScreen
      title="Transaction Analytics"
      subtitle="Volume, success rate and breakdowns of your transactions"
      query={summary}
      failure={{ title: messages.failedTitle, description: messages.failed }}
      isEmpty={(data) => data.totalCount === 0}
      empty={<AnalyticsEmpty text={messages.empty} hint="Try a longer range." />}
      controls={
        <Segmented
          aria-label="Range"
          options={rangeOptions}
          value={range}
          onChange={(value) => setRange(value as ChartRange)}
        />
      }
      onRefresh={() => void volume.refetch()}
      toCsv={summaryCsv}
    >
      {(data) => (
        <>
          <Row gutter={[16, 16]}>
            {[
              { title: 'Total Transactions', value: formatCount(data.totalCount) },
              { title: 'Total Volume', value: formatCompactMoney(data.totalVolume, data.currency) },
              { title: 'Average Transaction', value: formatMoney(data.averageTicket, data.currency) },
              { title: 'Success Rate', value: formatPercent(data.successRate) },
            ].map((card) => (
              <Col key={card.title} xs={24} sm={12} lg={6}>
                <Card size="small">
                  <Statistic title={card.title} value={card.value} />
                </Card>
              </Col>
            ))}
          </Row>
          <VolumePanel range={range} />
          <Row gutter={[16, 16]}>
            {breakdowns.map(({ key, title }) => (
              <Col key={key} xs={24} lg={12}>
                <BreakdownTable title={title} rows={data[key]} currency={data.currency} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </AnalyticsScreen>
  );
}
