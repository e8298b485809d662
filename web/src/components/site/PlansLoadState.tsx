import { cx } from '../../lib/cx';
import styles from './site.module.css';

/** The visible text while GET /api/plans is on its way (plain HTML, no antd). */
export function PlansLoading({ className }: { className?: string }) {
  return (
    <p role="status" className={cx(styles.muted, styles.small, className)}>
      Loading plans...
    </p>
  );
}

/** A grey bar standing in for a line of text until the plans arrive. */
export function SkeletonLine({ width = '100%', height }: { width?: number | string; height?: number }) {
  return <span aria-hidden="true" className={styles.skeleton} style={{ width, height }} />;
}

/** GET /api/plans failed: the message and a Retry button that asks again. */
export function PlansError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className={styles.loadError}>
      <p>Plans could not be loaded.</p>
      <button type="button" className={styles.button} onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  );
}
