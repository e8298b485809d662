import { chartRanges, type ChartRange, type TransactionVolume } from '@app/contracts';
import { Card, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTransactionVolume } from '../../hooks/useDashboard';
import { formatMoney } from '../../lib/format';
import { LoadFailed } from './LoadFailed';
import type { VolumePoint } from './VolumeLineChart';

const VolumeLineChart = lazy(() => import('./VolumeLineChart'));

const rangeLabels: Record<ChartRange, string> = { '7d': '7D', '30d': '30D', '90d': '90D' };
const rangeDays: Record<ChartRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const seriesNames = { fiat: 'Fiat', crypto: 'Crypto', token: 'Token' } as const;
const seriesKeys = ['fiat', 'crypto', 'token'] as const;

export function seriesTotals(volume: TransactionVolume) {
  return seriesKeys.map((key) => ({
    key,
    name: seriesNames[key],
    total: volume.points.reduce((sum, point) => sum + point[key], 0),
  }));
}

function chartData(volume: TransactionVolume): VolumePoint[] {
  return volume.points.flatMap((point) =>
    seriesKeys.map((key) => ({ date: point.date, series: seriesNames[key], value: point[key] })),
  );
}

interface Props {
  range: ChartRange;
  onRangeChange: (range: ChartRange) => void;
}

/** Spec 2 Transaction Analytics chart: daily completed volume per type, from stored transactions. */
export function TransactionVolumeChart({ range, onRangeChange }: Props) {
  const volume = useTransactionVolume(range);
  const totals = volume.data ? seriesTotals(volume.data) : [];
  const isEmpty = totals.every((series) => series.total === 0);

  return (
    <Card
      title="Transaction Analytics"
      extra={
        <Segmented<ChartRange>
          aria-label="Chart range"
          value={range}
          onChange={onRangeChange}
          options={chartRanges.map((value) => ({ value, label: rangeLabels[value] }))}
        />
      }
    >
      {volume.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : volume.isError ? (
        <LoadFailed what="Transaction volume" onRetry={() => void volume.refetch()} retrying={volume.isFetching} />
      ) : isEmpty ? (
        <Empty description={`No completed transactions in the last ${rangeDays[range]} days.`} />
      ) : (
        <Flex vertical gap={12}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <VolumeLineChart data={chartData(volume.data)} />
          </Suspense>
          <Flex gap="4px 24px" wrap aria-label={`Completed volume, last ${rangeDays[range]} days`} role="group">
            {totals.map((series) => (
              <Typography.Text key={series.key}>
                {series.name}: <strong>{formatMoney(series.total, volume.data.currency)}</strong>
              </Typography.Text>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
