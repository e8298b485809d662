import { ReloadOutlined } from '@ant-design/icons';
import { analyticsMessages, type CustomerSegment, type CustomerSegmentation } from '@app/contracts';
import { Button, Card, Col, Flex, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { useCustomerSegmentation } from '../../hooks/useAnalytics';
import { csvFileName, toCsv, type CsvColumn } from '../../lib/csv';
import { seriesColors } from '../../lib/chartTheme';
import { formatCompactMoney, formatCount, humanize } from '../../lib/format';
import { AnalyticsEmpty, AnalyticsScreen } from './AnalyticsScreen';
import { DonutChart } from './charts';
import { formatChange, formatPercent } from './format';

const csvColumns: CsvColumn<CustomerSegment>[] = [
  { header: 'Segment', value: (s) => s.name },
  { header: 'Tier', value: (s) => s.tier },
  { header: 'Customers', value: (s) => s.count },
  { header: 'Share (%)', value: (s) => s.percentage },
  { header: 'Average Value (USD)', value: (s) => s.averageValue },
  { header: 'Growth Rate (%)', value: (s) => s.growthRate },
  { header: 'Characteristics', value: (s) => s.characteristics.join('; ') },
];

/** Each segment's colour, from the chart palette: the donut's slice and the card's dot and bar. */
function segmentColors(segments: CustomerSegment[]): Map<string, string> {
  return new Map(seriesColors(segments.map((segment) => segment.id)).map(({ name, color }) => [name, color]));
}

function SegmentCard({ segment, currency, color }: { segment: CustomerSegment; currency: string; color: string }) {
  return (
    <Card
      size="small"
      aria-label={segment.name}
      title={
        <Flex align="center" gap={8}>
          <span
            aria-hidden
            data-segment-color={color}
            style={{ width: 12, height: 12, borderRadius: 6, background: color, flex: 'none' }}
          />
          {segment.name}
        </Flex>
      }
      extra={<Tag>{humanize(segment.tier)}</Tag>}
    >
      <Flex vertical gap={8}>
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title="Customers" value={formatCount(segment.count)} />
          </Col>
          <Col span={8}>
            <Statistic title="Average Value" value={formatCompactMoney(segment.averageValue, currency)} />
          </Col>
          <Col span={8}>
            <Statistic title="Growth (30 days)" value={formatChange(segment.growthRate)} />
          </Col>
        </Row>
        <Progress
          percent={segment.percentage}
          strokeColor={color}
          format={() => formatPercent(segment.percentage)}
          aria-label={`${segment.name} share of customers`}
        />
        {segment.characteristics.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {segment.characteristics.map((text) => (
              <li key={text}>
                <Typography.Text type="secondary">{text}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}

function SegmentationContent({ data }: { data: CustomerSegmentation }) {
  const colors = segmentColors(data.segments);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card size="small" style={{ height: '100%' }}>
          <Statistic title="Total Customers" value={formatCount(data.totalCustomers)} />
          <DonutChart
            label="Customers per segment"
            data={data.segments.map((segment) => ({
              name: segment.name,
              value: segment.count,
              color: colors.get(segment.id),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Flex vertical gap={16}>
          {data.segments.map((segment) => (
            <SegmentCard key={segment.id} segment={segment} currency={data.currency} color={colors.get(segment.id)!} />
          ))}
        </Flex>
      </Col>
    </Row>
  );
}

/** Spec 2 'Customer Segmentation': the user's customers grouped by what they spend. */
export function CustomerSegmentationPage() {
  const query = useCustomerSegmentation();

  return (
    <AnalyticsScreen
      title="Customer Segmentation"
      subtitle="Your customers, identified on your transactions and grouped by spend"
      query={query}
      failure={{
        title: analyticsMessages.segmentationFailedTitle,
        description: analyticsMessages.segmentationFailed,
      }}
      isEmpty={(data) => data.segments.length === 0}
      empty={
        <AnalyticsEmpty
          text={analyticsMessages.segmentationEmpty}
          action={
            <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
              Try Again
            </Button>
          }
        />
      }
      toCsv={(data) => ({ fileName: csvFileName('customer-segmentation'), csv: toCsv(csvColumns, data.segments) })}
    >
      {(data) => <SegmentationContent data={data} />}
    </AnalyticsScreen>
  );
}
