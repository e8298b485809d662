import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from './PageSpinner';

/** Wraps every route: scroll reset and the fallback while a lazy page loads. */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
