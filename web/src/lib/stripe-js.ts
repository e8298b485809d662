import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when loadStripe() is called, not when this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';

/** The script of each address, loaded once per page. */
const scripts = new Map<string, Promise<void>>();

/** Adds <script src> to the page once and resolves when it ran (rejects when it could not load). */
function loadScript(src: string): Promise<void> {
  let loaded = scripts.get(src);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Failed to load Stripe.js from ${src}`));
      });
      document.head.appendChild(script);
    });
    scripts.set(src, loaded);
  }
  return loaded;
}

/**
 * Stripe.js for a publishable key. `scriptUrl` (GET /api/billing/config's stripeJsUrl): where it loads
 * from when not Stripe's own, the local fake Stripe's stand-in under `make up` and the e2e stack; its
 * script defines window.Stripe, which loadStripe then uses instead of fetching https://js.stripe.com.
 * null: Stripe's own, the version @stripe/stripe-js pins.
 */
export async function loadStripeJs(
  publishableKey: string,
  scriptUrl: string | null | undefined,
): Promise<Stripe | null> {
  if (scriptUrl && !('Stripe' in window)) await loadScript(scriptUrl);
  return loadStripe(publishableKey);
}
