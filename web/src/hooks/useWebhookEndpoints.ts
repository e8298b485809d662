import type { UpdateWebhookEndpointRequest } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from '../api/webhook-endpoints';

export function useWebhookEndpoints() {
  return useQuery({ queryKey: queryKeys.webhookEndpoints, queryFn: fetchWebhookEndpoints });
}

/** An endpoint's delivery log; refetched every 5 s while shown, so retries and resends appear. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(endpointId),
    queryFn: () => fetchWebhookDeliveries(endpointId),
    refetchInterval: 5000,
  });
}

/** Every change can move the list and the logs (the last delivery's status), so all webhook queries refetch. */
function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({ mutationFn: createWebhookEndpoint, onSuccess: invalidate });
}

/** A failure refetches too, so a switch shows the stored state. */
export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & UpdateWebhookEndpointRequest) => updateWebhookEndpoint(id, body),
    onSettled: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSuccess: invalidate });
}

export function useRotateWebhookSecret() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: invalidate });
}

export function useResendWebhookDelivery() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      resendWebhookDelivery(endpointId, deliveryId),
    onSuccess: invalidate,
  });
}

export function useSendWebhookTestEvent() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({ mutationFn: sendWebhookTestEvent, onSuccess: invalidate });
}
