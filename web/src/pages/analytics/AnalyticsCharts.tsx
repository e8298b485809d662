import { Column, Line, Pie } from '@ant-design/charts';
import { ChartLegend } from '../../components/charts/ChartLegend';
import {
  chartAxes,
  chartBaseOptions,
  chartTooltipCss,
  colorScale,
  seriesColors,
  sliceColorScale,
} from '../../lib/chartTheme';
import { everyNthLabel } from './format';

/**
 * The app's charts (analytics screens and the dashboard), all themed by lib/chartTheme. Loaded on
 * demand (see charts.tsx): the charting library is large and the figures are also in the tables
 * beside each chart.
 */

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

const height = 280;
const identity = (value: string) => value;

interface SeriesChartProps {
  data: SeriesPoint[];
  formatValue: (value: number) => string;
  /** The x axis labels (default: as they are). */
  formatX?: (x: string) => string;
  /** The tooltip's figures (default: formatValue). */
  formatTooltip?: (value: number) => string;
  /** At most this many x labels, evenly spaced and the last one always (default: as many as fit). */
  maxXLabels?: number;
}

/** The options of a chart of series over x: colours, axes, tooltip. */
function seriesOptions(
  { data, formatValue, formatX = identity, formatTooltip = formatValue, maxXLabels }: SeriesChartProps,
  { hideOverlappingX = true } = {},
) {
  const showX = maxXLabels ? everyNthLabel(new Set(data.map((point) => point.x)).size, maxXLabels) : undefined;
  return {
    ...chartBaseOptions,
    data,
    height,
    xField: 'x',
    yField: 'value',
    colorField: 'series',
    scale: { color: colorScale(data.map((point) => point.series)) },
    axis: chartAxes(formatX, formatValue, { hideOverlappingX, showX }),
    tooltip: { items: [{ channel: 'y', valueFormatter: formatTooltip }] },
    interaction: { tooltip: { css: chartTooltipCss } },
  };
}

export function LineChart(props: SeriesChartProps) {
  return (
    <>
      <Line {...seriesOptions(props)} />
      <ChartLegend items={seriesColors(props.data.map((point) => point.series))} />
    </>
  );
}

export function GroupedColumnChart(props: SeriesChartProps) {
  return (
    <>
      <Column {...seriesOptions(props, { hideOverlappingX: false })} group />
      <ChartLegend items={seriesColors(props.data.map((point) => point.series))} />
    </>
  );
}

export interface DonutSlice {
  name: string;
  value: number;
  /** The slice's colour; the default is the palette's colour for its position. */
  color?: string;
}

/** The donut's options: one slice per item, each in its colour, no text drawn on the canvas. */
function donutOptions(data: DonutSlice[]) {
  return {
    ...chartBaseOptions,
    data,
    height,
    angleField: 'value',
    colorField: 'name',
    innerRadius: 0.6,
    scale: { color: sliceColorScale(data) },
    label: false,
    interaction: { tooltip: { css: chartTooltipCss } },
  };
}

export function DonutChart({ data, legend = true }: { data: DonutSlice[]; legend?: boolean }) {
  const options = donutOptions(data);
  return (
    <>
      <Pie {...options} />
      {legend && (
        <ChartLegend
          items={options.scale.color.domain.map((name, index) => ({ name, color: options.scale.color.range[index]! }))}
        />
      )}
    </>
  );
}
