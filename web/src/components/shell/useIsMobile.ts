import { useSyncExternalStore } from 'react';

/** Spec 9: the mobile layout applies below 768 px. */
export const mobileQuery = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isMobileNow = () => window.matchMedia(mobileQuery).matches;

/** True while the viewport is narrower than the mobile breakpoint; follows resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
