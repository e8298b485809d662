import type { UpdateProcessorRequest } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPosSystem,
  createProcessor,
  fetchIntegrationsAnalytics,
  fetchPosSystems,
  fetchProcessors,
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
