import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from './PageSpinner';
import { usePageViewTracker } from './usePageViewTracker';

/** Wraps every route: scroll reset, a page view per route change and the fallback while a lazy page loads. */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  usePageViewTracker();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
