import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelSubscription,
  createSubscription,
  fetchBillingPayments,
  fetchPlans,
  fetchSubscription,
} from '../api/billing';
import { queryKeys } from '../api/query-keys';

/** GET /api/plans: every plan with its monthly and annual price (public; the pricing page and checkout). */
export function usePlans() {
  return useQuery({ queryKey: queryKeys.plans, queryFn: fetchPlans });
}

/**
 * The signed-in user's current plan and its billing state; with `pollMs`, re-read that often
 * while `enabled` (the crypto checkout waits for billing to activate the plan).
 */
export function useSubscription({ enabled = true, pollMs }: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useQuery({
    queryKey: queryKeys.subscription,
    queryFn: fetchSubscription,
    enabled,
    refetchInterval: pollMs ?? false,
  });
}

/** The signed-in user's plan payments (Settings → Billing's payment history), newest first. */
export function useBillingPayments() {
  return useQuery({ queryKey: queryKeys.billingPayments, queryFn: fetchBillingPayments });
}

/** Cancels at period end; the answer replaces the cached subscription. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}

/** Starts a subscription; the card payment is then confirmed with Stripe in the browser. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
  });
}
