import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { analyticsMessages } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useToast } from '../../hooks/useToast';
import { downloadCsv } from '../../lib/csv';
import { trackEvent } from '../../api/events';

export interface LoadFailure {
  title: string;
  description: string;
}

export interface CsvExport {
  fileName: string;
  csv: string;
}

export interface AnalyticsScreenProps<T> {
  title: string;
  subtitle: string;
  query: UseQueryResult<T>;
  /** The spec 8 toast shown each time the load fails. */
  failure: LoadFailure;
  /** True when the loaded answer has nothing to show. */
  isEmpty: (data: T) => boolean;
  /** Shown when the answer is empty and when the load failed (never sample figures). */
  empty: ReactNode;
  /** Period or timeframe selectors, left of the refresh and export buttons. */
  controls?: ReactNode;
  /** Further queries of the screen that Refresh reloads too. */
  onRefresh?: () => void;
  /** Omitted: no export button. */
  toCsv?: (data: T) => CsvExport;
  children: (data: T) => ReactNode;
}

/** Shows the failure toast once per failed load (a refresh that fails again shows it again). */
function useLoadFailureToast(query: UseQueryResult<unknown>, failure: LoadFailure) {
  const { toast } = useToast();
  const shownFor = useRef(0);
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    toast({ title: failure.title, description: failure.description, variant: 'destructive' });
  }, [isError, errorUpdatedAt, failure.title, failure.description, toast]);
}

/**
 * The frame of the six analytics screens: header with selectors, Refresh and Export CSV,
 * then loading, the empty state (also on failure) or the content.
 */
export function AnalyticsScreen<T>({
  title,
  subtitle,
  query,
  failure,
  isEmpty,
  empty,
  controls,
  onRefresh,
  toCsv,
  children,
}: AnalyticsScreenProps<T>) {
  useLoadFailureToast(query, failure);
  const { toast } = useToast();
  // A failed refresh empties the screen too: what is shown must be what the server just answered.
  const data = query.isError ? undefined : query.data;
  const hasContent = data !== undefined && !isEmpty(data);

  const exportCsv = () => {
    if (!data || !toCsv) return;
    try {
      const { fileName, csv } = toCsv(data);
      downloadCsv(fileName, csv);
      trackEvent('report_exported');
    } catch {
      toast({
        title: analyticsMessages.exportFailedTitle,
        description: analyticsMessages.exportFailed,
        variant: 'destructive',
      });
    }
  };

  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="flex-start" wrap gap={16}>
        <div>
          <Typography.Title level={1} style={{ marginBottom: 4 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        <Flex gap={8} wrap align="center">
          {controls}
          <Button
            icon={<ReloadOutlined />}
            loading={query.isFetching && !query.isPending}
            disabled={query.isPending}
            onClick={() => {
              void query.refetch();
              onRefresh?.();
            }}
          >
            Refresh
          </Button>
          {toCsv && (
            <Button icon={<DownloadOutlined />} disabled={!hasContent} onClick={exportCsv}>
              Export CSV
            </Button>
          )}
        </Flex>
      </Flex>
      {query.isPending ? (
        <Flex align="center" justify="center" gap={12} role="status" style={{ padding: 48 }}>
          <Spin />
          <Typography.Text>Loading {title.toLowerCase()}...</Typography.Text>
        </Flex>
      ) : hasContent ? (
        children(data)
      ) : (
        empty
      )}
    </Flex>
  );
}

/** The empty state: the spec text, an optional hint and an optional action. */
export function AnalyticsEmpty({ text, hint, action }: { text: string; hint?: string; action?: ReactNode }) {
  return (
    <Empty
      style={{ padding: 48 }}
      description={
        <Flex vertical gap={4}>
          <Typography.Text strong>{text}</Typography.Text>
          {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}
