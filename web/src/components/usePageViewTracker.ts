import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec 2.1: a page view per route change (the current path), on public and signed-in pages alike,
 * fire-and-forget (a failed send is never shown). Used once, by RootLayout, so a signed-in page
 * is not counted twice. The sender (and the route table it reads its path from) is imported on
 * first use, which keeps it out of the landing page's initial JavaScript.
 */
export function usePageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    void import('../api/events').then(({ sendPageView }) => sendPageView(pathname));
  }, [pathname]);
}
