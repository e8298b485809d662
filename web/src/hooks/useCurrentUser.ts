import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser } from '../api/auth';
import { queryKeys } from '../api/query-keys';

/**
 * The signed-in user (null when signed out). With `enabled: false` it only reads the cache,
 * for public pages that ask the server later (a signed-out visitor's 401 is not needed on load).
 */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, enabled });
}
