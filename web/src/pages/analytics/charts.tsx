import { Skeleton, Typography } from 'antd';
import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

const charts = () => import('./AnalyticsCharts');
const LazyLine = lazy(() => charts().then((m) => ({ default: m.LineChart })));
const LazyColumn = lazy(() => charts().then((m) => ({ default: m.GroupedColumnChart })));
const LazyDonut = lazy(() => charts().then((m) => ({ default: m.DonutChart })));

export type { SeriesPoint } from './AnalyticsCharts';

/** A chart that fails to draw leaves the rest of the screen (and its tables) in place. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <Typography.Text type="secondary">The chart could not be drawn.</Typography.Text>;
    return this.props.children;
  }
}

function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <ChartBoundary>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>{children}</Suspense>
      </ChartBoundary>
    </figure>
  );
}

export function LineChart({ label, ...props }: { label: string } & ComponentProps<typeof LazyLine>) {
  return (
    <ChartFrame label={label}>
      <LazyLine {...props} />
    </ChartFrame>
  );
}

export function GroupedColumnChart({ label, ...props }: { label: string } & ComponentProps<typeof LazyColumn>) {
  return (
    <ChartFrame label={label}>
      <LazyColumn {...props} />
    </ChartFrame>
  );
}

export function DonutChart({ label, ...props }: { label: string } & ComponentProps<typeof LazyDonut>) {
  return (
    <ChartFrame label={label}>
      <LazyDonut {...props} />
    </ChartFrame>
  );
}
