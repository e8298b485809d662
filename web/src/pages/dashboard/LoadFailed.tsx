import { Button, Empty } from 'antd';

interface LoadFailedProps {
  /** What could not be loaded, e.g. "Transactions". */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A block whose data failed to load: an empty state with a retry, never sample figures. */
export function LoadFailed({ what, onRetry, retrying }: LoadFailedProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span role="alert">{what} could not be loaded.</span>}>
      <Button size="small" loading={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </Empty>
  );
}
