import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The providers every page needs: only the query cache. antd's theme and toasts come from
 * AntdLayout, around the (lazy) pages that use antd, so the public pages load no antd.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
