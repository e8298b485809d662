/**
 * Leaving the app for another site (a provider's hosted page). One object, so tests can replace
 * `assign` (jsdom cannot navigate) and assert where the browser was sent.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
