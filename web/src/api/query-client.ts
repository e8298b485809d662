import { QueryClient } from '@tanstack/react-query';

/** Spec 7 defaults: no retries, no refetch on focus, data fresh until invalidated. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
