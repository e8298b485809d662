import { ErrorCode, type CurrentUser } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * A 403 EMAIL_NOT_VERIFIED from any query or mutation marks the cached user unverified,
 * so the guard shows the verification gate even when auth/me said otherwise. It lives in
 * the (lazy) guard rather than the query client to keep zod out of the landing page's bundle.
 */
export function useEmailNotVerifiedWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.EmailNotVerified) return;
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, emailVerified: false } : user,
      );
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
