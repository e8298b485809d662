import { formatCompact, formatMoney } from '../../lib/format';
import { LineChart } from '../analytics/AnalyticsCharts';
import { dailyAxisLabels, formatAxisDay } from '../analytics/format';

export interface VolumePoint {
  date: string;
  series: string;
  value: number;
}

/**
 * The chart itself, in its own chunk: @ant-design/charts is large and loaded only where a chart
 * is shown. Drawn by the app's shared line chart (themed by lib/chartTheme).
 */
export default function VolumeLineChart({ data }: { data: VolumePoint[] }) {
  return (
    <LineChart
      data={data.map((point) => ({ x: point.date, series: point.series, value: point.value }))}
      formatX={formatAxisDay}
      maxXLabels={dailyAxisLabels}
      formatValue={(value) => formatCompact(value)}
      formatTooltip={(value) => formatMoney(value)}
    />
  );
}
