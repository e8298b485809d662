import { routeById, routePath, type AnalyticsEventRequest } from '@app/contracts';

/** Where page events go: a beacon always POSTs, as the route is described. */
export const pageEventsPath = routePath(routeById('recordPageEvent'));

/** Flat properties of a custom event: no personal data (names, e-mails, addresses, seeds). */
export type EventProperties = Record<string, string | number | boolean>;

/**
 * POST /api/analytics/events as a beacon: fire-and-forget, survives the page being left, never
 * retried and never shown when it fails. Browsers without beacons skip tracking.
 */
function send(event: AnalyticsEventRequest): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  try {
    navigator.sendBeacon(pageEventsPath, new Blob([JSON.stringify(event)], { type: 'application/json' }));
  } catch {
    // A beacon can be refused (quota, policy); analytics must never disturb the page.
  }
}

/** Spec 7: a page view per route change. */
export function sendPageView(path: string): void {
  const event: AnalyticsEventRequest = { name: 'page_view', path };
  if (document.referrer) event.referrer = document.referrer.slice(0, 500);
  send(event);
}

/** Spec 7's custom events: something the user completed, on the page they are on. */
export function trackEvent(name: string, properties?: EventProperties): void {
  send({ name, path: window.location.pathname, ...(properties ? { properties } : {}) });
}
