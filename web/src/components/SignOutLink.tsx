import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { logoutPath } from '../api/auth';

/** A plain link: the server clears the cookies and redirects to /. */
export function SignOutLink({ children = 'Sign out' }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <a href={logoutPath} onClick={() => queryClient.clear()}>
      {children}
    </a>
  );
}
