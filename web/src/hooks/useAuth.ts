import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as authApi from '../api/auth';
import { queryKeys } from '../api/query-keys';

export function useRegister() {
  return useMutation({ mutationFn: authApi.register });
}

/** Signs in and stores the returned user as the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.login,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

/**
 * Verification tokens are single-use: a query keyed on the token runs once per token,
 * even when React StrictMode mounts the page twice.
 */
export function useVerifyEmail(token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.verifyEmail(token ?? ''),
    queryFn: () => authApi.verifyEmail(token ?? ''),
    enabled: Boolean(token),
    gcTime: Infinity,
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: authApi.sendVerification });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: authApi.forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: authApi.resetPassword });
}
