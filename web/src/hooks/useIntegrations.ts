import type { UpdateProcessorRequest } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPosSystem,
  createProcessor,
  fetchIntegrationsAnalytics,
  fetchIntegrationTransaction,
  fetchIntegrationTransactions,
  fetchPosSystems,
  fetchProcessors,
  sendSampleDelivery,
  updateProcessor,
} from '../api/integrations';
import { queryKeys } from '../api/query-keys';

export function usePaymentProcessors() {
  return useQuery({ queryKey: queryKeys.paymentProcessors, queryFn: fetchProcessors });
}

export function usePosSystems() {
  return useQuery({ queryKey: queryKeys.posSystems, queryFn: fetchPosSystems });
}

export function useIntegrationsAnalytics() {
  return useQuery({ queryKey: queryKeys.integrationsAnalytics, queryFn: fetchIntegrationsAnalytics });
}

/** Every change can move the lists and the summary figures, so all integrations queries refetch. */
function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations });
}

export function useCreateProcessor() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({ mutationFn: createProcessor, onSuccess: invalidate });
}

export function useCreatePosSystem() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({ mutationFn: createPosSystem, onSuccess: invalidate });
}

/** The active toggle; a failure refetches too, so the switch shows the stored state. */
export function useToggleProcessor() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string } & UpdateProcessorRequest) => updateProcessor(id, { isActive }),
    onSettled: invalidate,
  });
}

export function useIntegrationTransactions(integrationId?: string) {
  return useQuery({
    queryKey: queryKeys.integrationTransactions(integrationId),
    queryFn: () => fetchIntegrationTransactions(integrationId),
  });
}

/** One transaction's detail while `id` is set (the drawer is open). */
export function useIntegrationTransaction(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.integrationTransaction(id ?? ''),
    queryFn: () => fetchIntegrationTransaction(id!),
    enabled: Boolean(id),
  });
}

/** The guide's "Send sample delivery": the lists refetch so the sample shows. */
export function useSendSampleDelivery() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({ mutationFn: sendSampleDelivery, onSuccess: invalidate });
}
