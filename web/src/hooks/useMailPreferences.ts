import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMailPreferences, updateMailPreferences } from '../api/mail-preferences';

const mailPreferencesKey = ['user', 'mail-preferences'] as const;

export function useMailPreferences() {
  return useQuery({ queryKey: mailPreferencesKey, queryFn: fetchMailPreferences });
}

export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(mailPreferencesKey, preferences),
  });
}
