import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AntdProviders } from './AntdProviders';
import { PageSpinner } from './PageSpinner';

/**
 * The parent route of every page built with antd (lazy-loaded, so antd stays out of the
 * landing page's JavaScript). Its own Suspense keeps the toast holder mounted while the
 * next antd page loads, so a toast shown just before a navigation stays visible.
 */
export function AntdLayout() {
  return (
    <AntdProviders>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AntdProviders>
  );
}
