import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface IntegrationListProps<T> {
  query: UseQueryResult<T[]>;
  /** The list's title, e.g. 'POS Systems'. */
  title: string;
  /** The same in running text, e.g. 'POS systems'. */
  noun: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

/** A list of integrations with its loading text, error with retry, and empty state. */
export function IntegrationList<T extends { id: string }>({
  query,
  title,
  noun,
  emptyText,
  renderItem,
}: IntegrationListProps<T>) {
  if (query.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading {noun}...</Typography.Text>
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={`Error Loading ${title}`}
        subTitle={`Failed to load your ${noun}. Please try again.`}
        extra={
          <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (query.data.length === 0) return <Empty description={emptyText} />;
  return (
    <Flex vertical gap={12} role="list" aria-label={title}>
      {query.data.map((item) => (
        <div role="listitem" key={item.id}>
          {renderItem(item)}
        </div>
      ))}
    </Flex>
  );
}
