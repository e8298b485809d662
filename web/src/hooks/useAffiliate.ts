import type { AffiliateStatusChange, PayoutStatusChange } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyAsAffiliate,
  changeApplicationStatus,
  changePayoutStatus,
  createDemoAffiliate,
  fetchAdminApplications,
  fetchAdminPayouts,
  fetchAffiliateProfile,
  fetchAffiliateStats,
  fetchPayouts,
  fetchReferrals,
  generateCustomContent,
  generateMarketingAssets,
  generateValueProposition,
  registerAffiliate,
  requestPayout,
} from '../api/affiliate';
import { queryKeys } from '../api/query-keys';

/** The signed-in user's affiliate account; `data` is null when they have none. */
export function useAffiliateProfile() {
  return useQuery({ queryKey: queryKeys.affiliateProfile, queryFn: fetchAffiliateProfile });
}

export function useAffiliateReferrals() {
  return useQuery({ queryKey: queryKeys.affiliateReferrals, queryFn: fetchReferrals });
}

export function useAffiliatePayouts() {
  return useQuery({ queryKey: queryKeys.affiliatePayouts, queryFn: fetchPayouts });
}

export function useAffiliateStats() {
  return useQuery({ queryKey: queryKeys.affiliateStats, queryFn: fetchAffiliateStats });
}

/** A new or changed account moves the profile, balance, lists and figures: all affiliate queries refetch. */
function useInvalidateAffiliate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.affiliate });
}

/** POST /api/affiliate/register (the public application form). */
export function useRegisterAffiliate() {
  const invalidate = useInvalidateAffiliate();
  return useMutation({ mutationFn: registerAffiliate, onSuccess: invalidate });
}

/** POST /api/affiliate/apply (a visitor: the account and the application in one submission). */
export function useApplyAsAffiliate() {
  return useMutation({ mutationFn: applyAsAffiliate });
}

export function useCreateDemoAffiliate() {
  const invalidate = useInvalidateAffiliate();
  return useMutation({ mutationFn: createDemoAffiliate, onSuccess: invalidate });
}

export function useRequestPayout() {
  const invalidate = useInvalidateAffiliate();
  return useMutation({ mutationFn: requestPayout, onSuccess: invalidate });
}

export function useGenerateMarketingAssets() {
  return useMutation({ mutationFn: generateMarketingAssets });
}

export function useGenerateCustomContent() {
  return useMutation({ mutationFn: generateCustomContent });
}

export function useGenerateValueProposition() {
  return useMutation({ mutationFn: generateValueProposition });
}

/** Admin lists; `status` '' means every status. */
export function useAdminApplications(status: string) {
  return useQuery({
    queryKey: queryKeys.adminApplications(status),
    queryFn: () => fetchAdminApplications(status || undefined),
  });
}

export function useAdminPayouts(status: string) {
  return useQuery({ queryKey: queryKeys.adminPayouts(status), queryFn: () => fetchAdminPayouts(status || undefined) });
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.affiliateAdmin });
}

export function useChangeApplicationStatus() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & AffiliateStatusChange) => changeApplicationStatus(id, { status }),
    onSuccess: invalidate,
  });
}

export function useChangePayoutStatus() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & PayoutStatusChange) => changePayoutStatus(id, { status }),
    onSuccess: invalidate,
  });
}
