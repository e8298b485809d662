import { chartText } from '../../lib/chartTheme';

/**
 * A chart's legend as HTML, under the chart: each series' name beside a swatch of its colour.
 * (A legend drawn on the canvas would be unreadable to screen readers and to axe.)
 */
export function ChartLegend({ items, label = 'Legend' }: { items: { name: string; color: string }[]; label?: string }) {
  return (
    <ul
      className="chart-legend"
      aria-label={label}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        margin: '8px 0 0',
        padding: 0,
      }}
    >
      {items.map((item) => (
        <li
          key={item.name}
          className="chart-legend-item"
          style={{ display: 'flex', alignItems: 'center', gap: 6, color: chartText.primary }}
        >
          <span
            aria-hidden
            data-color={item.color}
            style={{ width: 10, height: 10, borderRadius: 5, background: item.color, flex: 'none' }}
          />
          {item.name}
        </li>
      ))}
    </ul>
  );
}
