import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../../components/GuardedRoute';
import { isAdmin } from '../../lib/roles';

/**
 * The admin pages' guard. The server refuses their calls with 403 too; this only spares others a
 * page of errors (and the calls: the page is not rendered).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  if (!isAdmin(user.role)) {
    return (
      <Result
        status="403"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Not authorised</h1>}
        subTitle="This page is for platform administrators."
      />
    );
  }
  return children;
}
