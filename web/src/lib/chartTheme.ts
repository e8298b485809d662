import { theme } from 'antd';
import { appTheme, pageBackground } from '../theme';

/**
 * The one chart theme of the dark app: every @ant-design/charts chart (analytics screens, the
 * dashboard) takes its colours and text styles from here (see AnalyticsCharts.tsx).
 *
 * Chart text is real DOM text, so axe's colour-contrast check reads it: the legend is HTML
 * (ChartLegend) and axis labels are drawn as HTML labels (axisLabelHtml) over the canvas, each on
 * an opaque background of the card the chart sits on. A label drawn on the canvas would be
 * invisible to axe.
 */

const tokens = theme.getDesignToken(appTheme);

/** The card the charts sit on (antd's container background of the app theme). */
export const chartSurface = tokens.colorBgContainer;

/** The surfaces chart text is read against: the card, and the page around it. */
export const chartBackgrounds = [chartSurface, pageBackground] as const;

/** Text colours, all solid (no opacity) so what is drawn is what a contrast check measures. */
export const chartText = {
  /** Legend items and tooltip values. */
  primary: '#f1f5f9',
  /** Axis labels. */
  secondary: '#cbd5e1',
} as const;

export const chartGridColor = 'rgba(203, 213, 225, 0.28)';
export const chartAxisLineColor = 'rgba(203, 213, 225, 0.45)';
export const chartTooltipBackground = '#1e293b';

/**
 * The series and segment colours, in order: every chart's colour scale and every coloured marker
 * next to a chart (legend swatches, segment card dots) take the n-th item's colour from this list.
 * Light tones, each at 3:1 or more against the card (WCAG 1.4.11 for graphics).
 */
export const chartPalette = ['#60a5fa', '#34d399', '#fbbf24', '#f472b6', '#a78bfa', '#22d3ee', '#fb923c'] as const;

/** The colour of the n-th series or segment. */
export const paletteColor = (index: number): string => chartPalette[index % chartPalette.length]!;

/** Names in order of first appearance, each with its palette colour. */
export function seriesColors(names: readonly string[]): { name: string; color: string }[] {
  return [...new Set(names)].map((name, index) => ({ name, color: paletteColor(index) }));
}

/** G2's colour scale for these series: the same colour per name as seriesColors. */
export function colorScale(names: readonly string[]) {
  const series = seriesColors(names);
  return { domain: series.map((s) => s.name), range: series.map((s) => s.color) };
}

/**
 * A donut's colour scale: each slice in its own colour when it has one, else in the palette's
 * colour for its position.
 */
export function sliceColorScale(slices: readonly { name: string; color?: string }[]) {
  const series = seriesColors(slices.map((slice) => slice.name));
  return {
    domain: series.map((s) => s.name),
    range: series.map(({ name, color }) => slices.find((slice) => slice.name === name)?.color ?? color),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const labelStyle = [
  'position: absolute',
  'white-space: nowrap',
  `color: ${chartText.secondary}`,
  // Opaque, as the card: the label covers the canvas, and axe measures against this colour.
  `background: ${chartSurface}`,
  'font-size: 12px',
  'line-height: 16px',
  'padding: 0 2px',
  `font-family: ${tokens.fontFamily}`,
].join('; ');

/**
 * An axis label as HTML (G2's labelRender): centred under a bottom axis's tick, or right-aligned
 * and centred on a left axis's tick.
 */
export function axisLabelHtml(text: string, axis: 'bottom' | 'left'): string {
  const place =
    axis === 'bottom'
      ? 'left: 0; top: 0; transform: translateX(-50%)'
      : 'right: 0; top: 0; transform: translateY(-50%)';
  return `<span class="chart-axis-label" style="${labelStyle}; ${place}">${escapeHtml(text)}</span>`;
}

/** The options every chart shares: theme, grid, axes, tooltip; the legend is HTML (ChartLegend). */
export const chartBaseOptions = {
  theme: { type: 'dark', view: { viewFill: 'transparent' } },
  legend: false,
  animate: false,
} as const;

/** G2 axis options, both axes with HTML labels and no canvas titles (the chart's caption names it). */
export function chartAxes(
  formatX: (value: string) => string,
  formatY: (value: number) => string,
  { hideOverlappingX = true, showX }: { hideOverlappingX?: boolean; showX?: (index: number) => boolean } = {},
) {
  const common = {
    title: false,
    grid: true,
    gridStroke: chartGridColor,
    gridStrokeOpacity: 1,
    gridLineDash: [3, 4],
    line: true,
    lineStroke: chartAxisLineColor,
    lineStrokeOpacity: 1,
    tick: true,
    tickStroke: chartAxisLineColor,
    tickStrokeOpacity: 1,
    // The theme dims labels with opacity; the label's own colour is the one meant.
    labelOpacity: 1,
    labelFillOpacity: 1,
  };
  return {
    x: {
      ...common,
      grid: false,
      labelAutoRotate: false,
      labelAutoHide: hideOverlappingX && !showX,
      // Which labels (and ticks) to draw, when the chart chose them so that none overlap.
      ...(showX
        ? {
            labelFilter: (_datum: unknown, index: number) => showX(index),
            tickFilter: (_datum: unknown, index: number) => showX(index),
          }
        : {}),
      // G2's layout still hides labels whose HTML boxes (a band wide) touch: few labels keep all.
      ...(hideOverlappingX ? {} : { important: { labelOverlap: [] } }),
      labelFormatter: (value: unknown) => formatX(String(value)),
      labelRender: (datum: { label?: string }) => axisLabelHtml(String(datum.label ?? ''), 'bottom'),
    },
    y: {
      ...common,
      labelFormatter: (value: unknown) => formatY(Number(value)),
      labelRender: (datum: { label?: string }) => axisLabelHtml(String(datum.label ?? ''), 'left'),
    },
  };
}

/** The tooltip's look (G2 draws it as HTML): light text on a dark panel. */
export const chartTooltipCss = {
  '.g2-tooltip': { background: chartTooltipBackground, opacity: 1, color: chartText.primary },
  '.g2-tooltip-title': { color: chartText.primary },
  '.g2-tooltip-list-item-name-label': { color: chartText.primary },
  '.g2-tooltip-list-item-value': { color: chartText.primary },
};
