import {
  analyticsMessages,
  cashFlowPeriods,
  type CashFlow,
  type CashFlowPeriod,
  type CashFlowPeriodKind,
} from '@app/contracts';
import { Card, Col, Row, Segmented, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useCashFlow } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { formatCompactMoney, humanize } from '../../lib/format';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { ScrollRegion } from './ScrollRegion';
import { GroupedColumnChart, type SeriesPoint } from './charts';

const periodOptions = cashFlowPeriods.map((period) => ({ value: period, label: humanize(period) }));

/** The figures of a period, in table and export order. */
const figures: { title: string; value: (p: CashFlowPeriod) => number }[] = [
  { title: 'Inflow', value: (p) => p.inflow },
  { title: 'Outflow', value: (p) => p.outflow },
  { title: 'Net Flow', value: (p) => p.netFlow },
  { title: 'Operating', value: (p) => p.operatingCashFlow },
  { title: 'Investing', value: (p) => p.investingCashFlow },
  { title: 'Financing', value: (p) => p.financingCashFlow },
  { title: 'Revenue', value: (p) => p.categories.revenue },
  { title: 'Operations', value: (p) => p.categories.operations },
  { title: 'Expenses', value: (p) => p.categories.expenses },
];

const csvColumns: CsvColumn<CashFlowPeriod>[] = [
  { header: 'Period', value: (p) => p.period },
  { header: 'Start', value: (p) => p.start },
  { header: 'End', value: (p) => p.end },
  ...figures.map((figure) => ({ header: `${figure.title} (USD)`, value: figure.value })),
];

const sum = (periods: CashFlowPeriod[], value: (p: CashFlowPeriod) => number) =>
  periods.reduce((total, p) => total + value(p), 0);

function CashFlowContent({ data }: { data: CashFlow }) {
  const money = (value: number) => formatCompactMoney(value, data.currency);
  const chartData: SeriesPoint[] = data.periods.flatMap((p) => [
    { x: p.period, series: 'Inflow', value: p.inflow },
    { x: p.period, series: 'Outflow', value: p.outflow },
    { x: p.period, series: 'Net Flow', value: p.netFlow },
  ]);
  return (
    <>
      <Row gutter={[16, 16]}>
        {[
          { title: 'Total Inflow', value: sum(data.periods, (p) => p.inflow) },
          { title: 'Total Outflow', value: sum(data.periods, (p) => p.outflow) },
          { title: 'Net Cash Flow', value: sum(data.periods, (p) => p.netFlow) },
        ].map((card) => (
          <Col key={card.title} xs={24} md={8}>
            <Card size="small">
              <Statistic title={card.title} value={money(card.value)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="Inflow and Outflow">
        <GroupedColumnChart label="Inflow, outflow and net flow per period" data={chartData} formatValue={money} />
      </Card>
      <Card title="Cash Flow by Period">
        <ScrollRegion label="Cash flow by period">
          <Table
            size="small"
            rowKey="period"
            pagination={false}
            dataSource={data.periods}
            columns={[
              { title: 'Period', dataIndex: 'period' },
              ...figures.map((figure) => ({
                title: figure.title,
                key: figure.title,
                align: 'right' as const,
                render: (_: unknown, p: CashFlowPeriod) => money(figure.value(p)),
              })),
            ]}
          />
        </ScrollRegion>
      </Card>
    </>
  );
}

/** Spec 2 'Cash Flow Analysis': money in and out of the user's business per month, quarter or year. */
export function CashFlowPage() {
  const [period, setPeriod] = useState<CashFlowPeriodKind>('monthly');
  const query = useCashFlow(period);

  return (
    <AnalyticsScreen
      title="Cash Flow Analysis"
      subtitle="Money received and paid out, from your transactions"
      query={query}
      failure={{ title: analyticsMessages.cashFlowFailedTitle, description: analyticsMessages.cashFlowFailed }}
      isEmpty={(data) => data.periods.length === 0}
      empty={<AnalyticsEmpty text={analyticsMessages.cashFlowEmpty} hint="Try selecting a different period." />}
      controls={
        <Segmented
          aria-label="Period"
          options={periodOptions}
          value={period}
          onChange={(value) => setPeriod(value as CashFlowPeriodKind)}
        />
      }
      toCsv={(data) => ({ fileName: csvFileName('cash-flow', period), csv: toCsv(csvColumns, data.periods) })}
    >
      {(data) => <CashFlowContent data={data} />}
    </AnalyticsScreen>
  );
}
