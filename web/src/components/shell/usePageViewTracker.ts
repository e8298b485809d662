import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from '../../api/events';

/** Spec 7: a page view per route change, fire-and-forget (a failed send is never shown). */
export function usePageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    sendPageView(pathname);
  }, [pathname]);
}
