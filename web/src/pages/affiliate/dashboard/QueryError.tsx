import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';

/** A list that failed to load, with a retry. */
export function QueryError({ query, noun }: { query: UseQueryResult; noun: string }) {
  return (
    <Result
      status="error"
      title={`Failed to load your ${noun}.`}
      extra={
        <Button loading={query.isFetching} onClick={() => void query.refetch()}>
          Try Again
        </Button>
      }
    />
  );
}
