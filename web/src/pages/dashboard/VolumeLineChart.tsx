import { Line } from '@ant-design/charts';
import { formatCompact, formatMoney } from '../../lib/format';

export interface VolumePoint {
  date: string;
  series: string;
  value: number;
}

/** The chart itself, in its own chunk: @ant-design/charts is large and only the dashboard needs it. */
export default function VolumeLineChart({ data }: { data: VolumePoint[] }) {
  return (
    <Line
      data={data}
      xField="date"
      yField="value"
      colorField="series"
      height={300}
      theme="dark"
      axis={{
        x: { labelAutoHide: true, labelAutoRotate: false, labelFormatter: (date: string) => date.slice(5) },
        y: { labelFormatter: (value: number) => formatCompact(value) },
      }}
      tooltip={{ channel: 'y', valueFormatter: (value: number) => formatMoney(value) }}
    />
  );
}
