import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { logout, logoutPath } from '../api/auth';
import { useToast } from '../hooks/useToast';

/**
 * Signs out with `POST /api/auth/logout`, then goes home and forgets every cached answer. For a
 * link's onClick: the link's own href (`/api/logout`) is the fallback when scripts do not run.
 */
export function useSignOut(): (event?: MouseEvent) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(
    async (event?: MouseEvent) => {
      event?.preventDefault();
      try {
        await logout();
      } catch {
        toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
        return;
      }
      await navigate('/', { replace: true });
      queryClient.clear();
    },
    [navigate, queryClient, toast],
  );
}

export function SignOutLink({ children = 'Sign out' }: { children?: ReactNode }) {
  const signOut = useSignOut();
  return (
    <a href={logoutPath} onClick={(event) => void signOut(event)}>
      {children}
    </a>
  );
}
