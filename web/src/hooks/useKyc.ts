import type { KycStatus, KycStatusResponse } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchKycAdminVerifications, fetchKycStatus, startKycVerification } from '../api/kyc';
import { queryKeys } from '../api/query-keys';
import { browser } from '../lib/browser';
import { useCurrentUser } from './useCurrentUser';

export interface KycTiming {
  /** How often the status is re-read while it may change. */
  pollMs: number;
  /** How long after the provider sent the user back (?kyc=returned) the status is watched. */
  returnWatchMs: number;
}

export const defaultKycTiming: KycTiming = { pollMs: 3_000, returnWatchMs: 60_000 };

/** Tests shorten the intervals through this context instead of faking antd's timers. */
export const KycTimingContext = createContext<KycTiming>(defaultKycTiming);

/** True from a return from the provider until `windowMs` later. */
function useReturnWatch(returned: boolean, windowMs: number): boolean {
  const [watching, setWatching] = useState(returned);
  useEffect(() => {
    setWatching(returned);
    if (!returned) return;
    const timer = window.setTimeout(() => setWatching(false), windowMs);
    return () => window.clearTimeout(timer);
  }, [returned, windowMs]);
  return watching;
}

/** A status the provider has answered with: nothing more to wait for after a return. */
const settledAfterReturn = (status: KycStatus | undefined) => status === 'verified' || status === 'requires_input';

/** When the status read here differs from the signed-in user's, /api/auth/me is re-read so every screen agrees. */
function useSyncCurrentUser(status: KycStatus | undefined) {
  const queryClient = useQueryClient();
  const userStatus = useCurrentUser({ enabled: false }).data?.kycStatus;
  useEffect(() => {
    if (status === undefined || userStatus === undefined || status === userStatus) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [status, userStatus, queryClient]);
}

/**
 * GET /api/kyc/status, re-read every few seconds while the provider is processing, and for a
 * minute after the provider sent the user back (?kyc=returned) until it has an answer.
 */
export function useKycStatus() {
  const timing = useContext(KycTimingContext);
  const [searchParams] = useSearchParams();
  const watchingReturn = useReturnWatch(searchParams.get('kyc') === 'returned', timing.returnWatchMs);
  const query = useQuery({
    queryKey: queryKeys.kycStatus,
    queryFn: fetchKycStatus,
    refetchInterval: (q) => {
      const status = q.state.data?.kycStatus;
      if (status === 'processing') return timing.pollMs;
      if (watchingReturn && !settledAfterReturn(status)) return timing.pollMs;
      return false;
    },
  });
  useSyncCurrentUser(query.data?.kycStatus);
  return query;
}

/**
 * POST /api/kyc/verification, then the browser goes to the provider's hosted page. The status is
 * stored first (the verification is now started); a refusal re-reads it (it may have changed).
 */
export function useStartKycVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startKycVerification,
    onSuccess: ({ url, kycStatus, verification }) => {
      queryClient.setQueryData<KycStatusResponse>(queryKeys.kycStatus, { kycStatus, verification });
      browser.assign(url);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.kycStatus }),
  });
}

/** Admin: every verification, newest first as the server sends them. */
export function useKycAdminVerifications() {
  return useQuery({ queryKey: queryKeys.kycAdminVerifications, queryFn: fetchKycAdminVerifications });
}
