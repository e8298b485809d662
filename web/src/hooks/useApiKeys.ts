import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, fetchApiKeys, revokeApiKey, rotateApiKey } from '../api/api-keys';
import { queryKeys } from '../api/query-keys';

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: fetchApiKeys });
}

/** Every change moves the list (a new key, a rotated one expiring, a revoked one gone). */
function useInvalidateApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
}

export function useCreateApiKey() {
  const invalidate = useInvalidateApiKeys();
  return useMutation({ mutationFn: createApiKey, onSuccess: invalidate });
}

export function useRotateApiKey() {
  const invalidate = useInvalidateApiKeys();
  return useMutation({ mutationFn: rotateApiKey, onSettled: invalidate });
}

export function useRevokeApiKey() {
  const invalidate = useInvalidateApiKeys();
  return useMutation({ mutationFn: revokeApiKey, onSettled: invalidate });
}
