import { Column, Line, Pie } from '@ant-design/charts';

/**
 * The analytics charts. Loaded on demand (see charts.tsx): the charting library is large and
 * the figures are also in the tables beside each chart.
 */

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

const height = 280;

export function LineChart({ data, formatValue }: { data: SeriesPoint[]; formatValue: (value: number) => string }) {
  return (
    <Line
      data={data}
      height={height}
      xField="x"
      yField="value"
      colorField="series"
      axis={{ y: { labelFormatter: formatValue } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: formatValue }] }}
    />
  );
}

export function GroupedColumnChart({
  data,
  formatValue,
}: {
  data: SeriesPoint[];
  formatValue: (value: number) => string;
}) {
  return (
    <Column
      data={data}
      height={height}
      xField="x"
      yField="value"
      colorField="series"
      group
      axis={{ y: { labelFormatter: formatValue } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: formatValue }] }}
    />
  );
}

export function DonutChart({ data }: { data: { name: string; value: number }[] }) {
  return <Pie data={data} height={height} angleField="value" colorField="name" innerRadius={0.6} />;
}
