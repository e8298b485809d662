import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { fetchBillingConfig } from '../api/billing';
import { queryKeys } from '../api/query-keys';
import { loadStripeJs } from '../lib/stripe-js';

export type StripeStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

/**
 * Loads Stripe.js on demand: the publishable key and the script's address come from
 * GET /api/billing/config (Stripe's own https://js.stripe.com, or the local fake Stripe's stand-in).
 * `load()` starts it once and resolves to the Stripe instance, or null when the key or the script
 * could not be loaded.
 */
export function useStripeLoader() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StripeStatus>('idle');
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const pending = useRef<Promise<Stripe | null> | undefined>(undefined);

  const load = useCallback((): Promise<Stripe | null> => {
    pending.current ??= (async () => {
      setStatus('loading');
      try {
        const { publishableKey, stripeJsUrl } = await queryClient.fetchQuery({
          queryKey: queryKeys.billingConfig,
          queryFn: fetchBillingConfig,
        });
        const loaded = await loadStripeJs(publishableKey, stripeJsUrl);
        setStripe(loaded);
        setStatus(loaded ? 'ready' : 'unavailable');
        return loaded;
      } catch {
        setStatus('unavailable');
        return null;
      }
    })();
    return pending.current;
  }, [queryClient]);

  return { status, stripe, load };
}
