import type { CurrentUser } from '@app/contracts';
import type { ReactNode } from 'react';
import { AppShell } from './shell/AppShell';

/** The frame of the signed-in pages: the sidebar shell of spec 2. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <AppShell user={user}>{children}</AppShell>;
}
