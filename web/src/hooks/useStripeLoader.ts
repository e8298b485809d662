import type { Stripe } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when loadStripe() is called, not when this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { fetchBillingConfig } from '../api/billing';
import { queryKeys } from '../api/query-keys';

export type StripeStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

/**
 * Loads Stripe.js on demand: the publishable key comes from GET /api/billing/config, then
 * loadStripe() fetches https://js.stripe.com. `load()` starts it once and resolves to the
 * Stripe instance, or null when the key or the script could not be loaded.
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
        const { publishableKey } = await queryClient.fetchQuery({
          queryKey: queryKeys.billingConfig,
          queryFn: fetchBillingConfig,
        });
        const loaded = await loadStripe(publishableKey);
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
