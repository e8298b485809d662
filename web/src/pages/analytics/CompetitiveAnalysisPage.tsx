import {
  analyticsMessages,
  competitiveTimeframes,
  defaultCompetitiveTimeframe,
  type CompetitiveAnalysis,
  type CompetitiveTimeframe,
  type Competitor,
} from '@app/contracts';
import { Alert, Card, Col, Flex, Row, Segmented, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useCompetitiveAnalysis } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { formatCompact, formatCompactMoney, formatCount, formatDay, humanize } from '../../lib/format';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { ScrollRegion } from './ScrollRegion';
import { formatChange, formatPercent } from './format';

const timeframeOptions = competitiveTimeframes.map((timeframe) => ({
  value: timeframe,
  label: `${timeframe.slice(0, -1)} months`,
}));

const threatColor: Record<string, string> = { high: 'red', medium: 'gold', low: 'green' };

/** The merchant's share can be tiny, so it keeps up to 6 decimals: "0.000012%". */
const formatShare = (value: number) => `${Number(value.toFixed(6))}%`;

const notPublished = <Typography.Text type="secondary">Not published</Typography.Text>;

/** "$202.8M (+18.5%)", or the figure alone when its change is not published. */
const withChange = (figure: string, change: number | null) =>
  change === null ? figure : `${figure} (${formatChange(change)})`;

/** Labels the curated figures apart from the merchant's own. */
const CuratedTag = () => <Tag color="blue">Curated reference data</Tag>;
const OwnDataTag = () => <Tag color="green">From your transactions</Tag>;

interface CompetitiveCsvRow {
  name: string;
  data: string;
  position?: string;
  threat?: string;
  marketShare: number;
  marketShareChange: number;
  paymentVolume: number;
  revenue?: number | null;
  revenueChange?: number | null;
  customers: number | null;
  customerChange: number | null;
  customersBasis?: string | null;
  strengths?: string;
  weaknesses?: string;
  sources: string;
}

const csvColumns: CsvColumn<CompetitiveCsvRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Data', value: (r) => r.data },
  { header: 'Market Position', value: (r) => r.position },
  { header: 'Threat Level', value: (r) => r.threat },
  { header: 'Market Share (%)', value: (r) => r.marketShare },
  { header: 'Market Share Change (pp)', value: (r) => r.marketShareChange },
  { header: 'Payment Volume per Year (USD)', value: (r) => r.paymentVolume },
  { header: 'Revenue per Year (USD)', value: (r) => r.revenue },
  { header: 'Revenue Change (%)', value: (r) => r.revenueChange },
  { header: 'Customers', value: (r) => r.customers },
  { header: 'Customer Change (%)', value: (r) => r.customerChange },
  { header: 'Customers Basis', value: (r) => r.customersBasis },
  { header: 'Strengths', value: (r) => r.strengths },
  { header: 'Weaknesses', value: (r) => r.weaknesses },
  { header: 'Sources', value: (r) => r.sources },
];

function competitiveCsvRows(data: CompetitiveAnalysis): CompetitiveCsvRow[] {
  const sourceText = (ids: string[]) =>
    ids
      .map((id) => data.sources.find((source) => source.id === id))
      .filter((source) => source !== undefined)
      .map((source) => `${source.title} (${source.publisher}, ${source.year}) ${source.url}`)
      .join('; ');
  return [
    {
      name: 'Your business',
      data: 'Your transactions, annualised',
      marketShare: data.marketOverview.marketShare,
      marketShareChange: data.marketOverview.marketShareChange,
      paymentVolume: data.merchant.annualisedRevenue,
      customers: data.merchant.customers,
      customerChange: data.merchant.customerChange,
      sources: '',
    },
    ...data.competitors.map((c) => ({
      name: c.name,
      data: `Curated reference data as of ${data.asOf}`,
      position: c.marketPosition,
      threat: c.threatLevel,
      marketShare: c.marketShare,
      marketShareChange: c.marketShareChange,
      paymentVolume: c.paymentVolume,
      revenue: c.revenue,
      revenueChange: c.revenueChange,
      customers: c.customers,
      customerChange: c.customerChange,
      customersBasis: c.customersBasis,
      strengths: c.strengths.join('; '),
      weaknesses: c.weaknesses.join('; '),
      sources: sourceText(c.sourceIds),
    })),
  ];
}

function CompetitiveContent({ data }: { data: CompetitiveAnalysis }) {
  const money = (value: number) => formatCompactMoney(value, data.currency);
  const sourceNumber = (id: string) => data.sources.findIndex((source) => source.id === id) + 1;
  const { marketOverview: market, merchant } = data;

  return (
    <>
      <Alert
        type="info"
        showIcon
        title="Curated reference data"
        description={
          <Flex vertical gap={8}>
            <Typography.Text>{data.label}</Typography.Text>
            <Typography.Text type="secondary">
              {data.basis} Competitor figures as of {formatDay(data.asOf)}; your own figures come from your
              transactions.
            </Typography.Text>
            <div>
              <Typography.Text strong>Sources</Typography.Text>
              <ol aria-label="Sources" style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {data.sources.map((source) => (
                  <li key={source.id}>
                    <a href={source.url} target="_blank" rel="noreferrer noopener">
                      {source.title}
                    </a>{' '}
                    <Typography.Text type="secondary">
                      — {source.publisher}, {source.year}
                    </Typography.Text>
                  </li>
                ))}
              </ol>
            </div>
          </Flex>
        }
      />

      <Card
        title="Market Overview"
        extra={
          <Flex gap={4} wrap>
            <CuratedTag />
            <OwnDataTag />
          </Flex>
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <Statistic title="Total Market Size" value={`${money(market.totalMarketSize)} a year`} />
            <Typography.Text type="secondary">
              The listed competitors&apos; payment volume plus your annualised volume
            </Typography.Text>
          </Col>
          <Col xs={24} sm={12}>
            <Statistic title="Market Growth Rate" value={`${formatChange(market.marketGrowthRate)} per year`} />
          </Col>
        </Row>
      </Card>

      <Card title="Your Position" extra={<OwnDataTag />}>
        <Typography.Paragraph type="secondary">
          Rank and share place your annualised volume in the curated market data.
        </Typography.Paragraph>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} lg={6}>
            <Statistic title="Market Rank" value={`#${market.marketRank} of ${data.competitors.length + 1}`} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Statistic title="Market Share" value={formatShare(market.marketShare)} />
            <Typography.Text type="secondary">{formatChange(market.marketShareChange, ' pp')}</Typography.Text>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Statistic title="Revenue (timeframe)" value={money(merchant.revenue)} />
            <Typography.Text type="secondary">
              {money(merchant.annualisedRevenue)} a year · {formatChange(merchant.revenueChange)}
            </Typography.Text>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Statistic title="Customers" value={formatCount(merchant.customers)} />
            <Typography.Text type="secondary">{formatChange(merchant.customerChange)}</Typography.Text>
          </Col>
        </Row>
      </Card>

      <Card title="Competitors" extra={<CuratedTag />}>
        <ScrollRegion label="Competitors">
          <Table<Competitor>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.competitors}
            columns={[
              { title: 'Competitor', dataIndex: 'name' },
              { title: 'Position', dataIndex: 'marketPosition', render: (value: string) => humanize(value) },
              {
                title: 'Threat',
                dataIndex: 'threatLevel',
                render: (value: string) => <Tag color={threatColor[value]}>{humanize(value)}</Tag>,
              },
              {
                title: 'Market Share',
                key: 'share',
                align: 'right',
                render: (_, c) => `${formatPercent(c.marketShare, 2)} (${formatChange(c.marketShareChange, ' pp')})`,
              },
              {
                title: 'Payment Volume',
                dataIndex: 'paymentVolume',
                align: 'right',
                render: (volume: number) => money(volume),
              },
              {
                title: 'Revenue',
                key: 'revenue',
                align: 'right',
                render: (_, c) => (c.revenue === null ? notPublished : withChange(money(c.revenue), c.revenueChange)),
              },
              {
                title: 'Customers',
                key: 'customers',
                align: 'right',
                render: (_, c) =>
                  c.customers === null ? (
                    notPublished
                  ) : (
                    <Tooltip title={c.customersBasis}>
                      <span>{withChange(formatCompact(c.customers), c.customerChange)}</span>
                    </Tooltip>
                  ),
              },
              { title: 'Strengths', dataIndex: 'strengths', render: (items: string[]) => items.join(', ') },
              { title: 'Weaknesses', dataIndex: 'weaknesses', render: (items: string[]) => items.join(', ') },
              {
                title: 'Sources',
                dataIndex: 'sourceIds',
                render: (ids: string[]) => ids.map((id) => `[${sourceNumber(id)}]`).join(' '),
              },
            ]}
          />
        </ScrollRegion>
      </Card>
    </>
  );
}

/** Spec 2 'Competitive Analysis': curated public market data placed against the user's own figures. */
export function CompetitiveAnalysisPage() {
  const [timeframe, setTimeframe] = useState<CompetitiveTimeframe>(defaultCompetitiveTimeframe);
  const query = useCompetitiveAnalysis(timeframe);

  return (
    <AnalyticsScreen
      title="Competitive Analysis"
      subtitle="Your business against the payments market, from curated public data"
      query={query}
      failure={{ title: analyticsMessages.competitiveFailedTitle, description: analyticsMessages.competitiveFailed }}
      isEmpty={(data) => data.competitors.length === 0}
      empty={<AnalyticsEmpty text={analyticsMessages.competitiveEmpty} />}
      controls={
        <Segmented
          aria-label="Timeframe"
          options={timeframeOptions}
          value={timeframe}
          onChange={(value) => setTimeframe(value as CompetitiveTimeframe)}
        />
      }
      toCsv={(data) => ({
        fileName: csvFileName('competitive-analysis', timeframe),
        csv: toCsv(csvColumns, competitiveCsvRows(data)),
      })}
    >
      {(data) => <CompetitiveContent data={data} />}
    </AnalyticsScreen>
  );
}
