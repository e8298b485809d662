import type { PaymentState } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  cancelEscrow,
  createCharge,
  createEscrow,
  createSubscriptionCharge,
  fetchAccount,
  fetchCharge,
  fetchEscrows,
  fetchMyEscrows,
  finishEscrow,
  generateCondition,
  generateWallet,
  sendPayment,
} from '../api/crypto';
import { queryKeys } from '../api/query-keys';

/** Becomes true `limitMs` after `since`; polling stops then (spec 9: 30 minutes, 24 hours). */
function usePollWindowOver(since: number | undefined, limitMs: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    setOver(false);
    if (since === undefined) return;
    const timer = window.setTimeout(() => setOver(true), Math.max(0, since + limitMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [since, limitMs]);
  return over;
}

interface PollOptions {
  pollMs: number;
  limitMs: number;
  /** When the thing being watched was created (ms); polling runs for `limitMs` from then. */
  since: number | undefined;
}

const chargeSettled = (state: PaymentState) => state === 'completed' || state === 'failed';

/** The charge, re-read every `pollMs` until it completes or fails, or the window closes. */
export function useCharge(id: string | undefined, poll: PollOptions) {
  const windowOver = usePollWindowOver(poll.since, poll.limitMs);
  const query = useQuery({
    queryKey: queryKeys.cryptoCharge(id ?? ''),
    queryFn: () => fetchCharge(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (q) => (windowOver || (q.state.data && chargeSettled(q.state.data.state)) ? false : poll.pollMs),
  });
  return { ...query, windowOver };
}

export function useCreateCharge() {
  return useMutation({ mutationFn: createCharge });
}

/** The checkout's crypto tab: a charge for one period of a plan (billing activates it once paid). */
export function useCreateSubscriptionCharge() {
  return useMutation({ mutationFn: createSubscriptionCharge });
}

export function useGenerateWallet() {
  return useMutation({ mutationFn: generateWallet });
}

export function useGenerateCondition() {
  return useMutation({ mutationFn: generateCondition });
}

export function useXrpAccount(address: string | undefined) {
  return useQuery({
    queryKey: queryKeys.xrpAccount(address ?? ''),
    queryFn: () => fetchAccount(address ?? ''),
    enabled: address !== undefined,
  });
}

/** Anything that moves XRP changes the wallet's balance. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return (address: string) => queryClient.invalidateQueries({ queryKey: queryKeys.xrpAccount(address) });
}

/** The escrows this user created here (any wallet, any visit), with the status the server keeps. */
export function useMyEscrows() {
  return useQuery({ queryKey: queryKeys.myEscrows, queryFn: fetchMyEscrows });
}

export function useRefreshMyEscrows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.myEscrows });
}

export function useSendPayment(address: string | undefined) {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: sendPayment,
    onSettled: () => {
      if (address) void refresh(address);
    },
  });
}

export function useCreateEscrow(address: string | undefined) {
  const refresh = useRefreshAccount();
  const refreshMine = useRefreshMyEscrows();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEscrow,
    onSettled: () => {
      void refreshMine();
      if (!address) return;
      void refresh(address);
      // The monitor must not judge a new escrow by a list read before it existed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.xrpEscrows(address) });
    },
  });
}

export function useFinishEscrow(address: string | undefined) {
  const refresh = useRefreshAccount();
  const refreshMine = useRefreshMyEscrows();
  return useMutation({
    mutationFn: finishEscrow,
    onSettled: () => {
      void refreshMine();
      if (address) void refresh(address);
    },
  });
}

export function useCancelEscrow(address: string | undefined) {
  const refresh = useRefreshAccount();
  const refreshMine = useRefreshMyEscrows();
  return useMutation({
    mutationFn: cancelEscrow,
    onSettled: () => {
      void refreshMine();
      if (address) void refresh(address);
    },
  });
}

/** The owner's escrows on the ledger, re-read every `pollMs` while `enabled`, for `limitMs`. */
export function useEscrowMonitor(owner: string | undefined, enabled: boolean, poll: PollOptions) {
  const windowOver = usePollWindowOver(poll.since, poll.limitMs);
  const query = useQuery({
    queryKey: queryKeys.xrpEscrows(owner ?? ''),
    queryFn: () => fetchEscrows(owner ?? ''),
    enabled: enabled && owner !== undefined,
    refetchInterval: enabled && !windowOver ? poll.pollMs : false,
  });
  return { ...query, windowOver };
}
