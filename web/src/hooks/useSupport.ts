import type { SupportConversationResponse, SupportConversationStatus } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimSupportConversation,
  claimSupportTicket,
  fetchSupportConversation,
  fetchSupportQueue,
  replySupportConversation,
  resolveSupportConversation,
  resolveSupportTicket,
} from '../api/support';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** Issue 16: a new escalation reaches the top of the queue within 5 s. */
export const supportQueueRefreshMs = 2_000;
/** New user messages show in the open conversation within a few seconds. */
export const supportConversationRefreshMs = 3_000;

/** The queue of one status (undefined: all), re-read every 2 s while the page is visible. */
export function useSupportQueue(status: SupportConversationStatus | undefined) {
  return useQuery({
    queryKey: queryKeys.supportQueue(status ?? ''),
    queryFn: () => fetchSupportQueue({ status }),
    refetchInterval: supportQueueRefreshMs,
  });
}

/** One conversation, re-read every 3 s; an id the server does not know (404) is not asked for again. */
export function useSupportConversation(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.supportConversation(id ?? ''),
    queryFn: () => fetchSupportConversation(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404 ? false : supportConversationRefreshMs,
  });
}

/**
 * A conversation action answers with the conversation: it replaces the cached one at once. Success
 * or failure (another agent was quicker), the queue and the conversation are re-read.
 */
function useConversationAction<V>(action: (variables: V) => Promise<SupportConversationResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (view) => queryClient.setQueryData(queryKeys.supportConversation(view.id), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support }),
  });
}

export const useClaimConversation = () => useConversationAction(claimSupportConversation);
export const useResolveConversation = () => useConversationAction(resolveSupportConversation);
export const useReplyConversation = () =>
  useConversationAction(({ id, message }: { id: string; message: string }) =>
    replySupportConversation(id, { message }),
  );

export function useTicketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'claim' | 'resolve' }) =>
      action === 'claim' ? claimSupportTicket(id) : resolveSupportTicket(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support }),
  });
}
