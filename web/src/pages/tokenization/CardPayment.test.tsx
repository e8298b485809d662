import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage } from '../../test/render';
import { CardPayment } from './CardPayment';

// Stripe.js itself is loaded as the browser loads it (@stripe/stripe-js's real loader); only React's
// Elements wrapper is replaced, so no card iframe is needed.
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useElements: () => ({ getElement: () => null }),
}));

const standInUrl = 'http://127.0.0.1:12111/v3';
const scriptsFrom = (prefix: string) =>
  [...document.querySelectorAll('script')].filter((script) => script.src.startsWith(prefix));

describe('CardPayment', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'Stripe');
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  // The failing load first: a loaded Stripe.js stays for the page (as in a browser).
  it('says card payments are unavailable when the configured script cannot load', async () => {
    mockFetch(() => ({ body: { publishableKey: 'pk_test_local', stripeJsUrl: standInUrl } }));
    renderPage(<CardPayment clientSecret="pi_1_secret_2" publishableKey="pk_test_local" total="NZ$1,025.00" />, {
      path: '/',
    });

    await waitFor(() => expect(scriptsFrom(standInUrl)).toHaveLength(1));
    scriptsFrom(standInUrl)[0]!.dispatchEvent(new Event('error'));

    expect(await screen.findByText('Card payments are unavailable right now')).toBeTruthy();
    expect(scriptsFrom('https://js.stripe.com')).toHaveLength(0);
  });

  it('loads Stripe.js from the address GET /api/billing/config names (the fake Stripe offline), never from js.stripe.com', async () => {
    mockFetch((url) =>
      url === '/api/billing/config'
        ? { body: { publishableKey: 'pk_test_local', stripeJsUrl: standInUrl } }
        : { status: 404, body: {} },
    );
    renderPage(<CardPayment clientSecret="pi_1_secret_2" publishableKey="pk_test_local" total="NZ$1,025.00" />, {
      path: '/',
    });

    await waitFor(() => expect(scriptsFrom(standInUrl)).toHaveLength(1));
    expect(screen.getByText('Loading the secure card form...')).toBeTruthy();
    // The script runs: it defines window.Stripe, as Stripe.js (or the fake's stand-in) does.
    const StripeJs = vi.fn(() => ({
      elements: vi.fn(),
      createToken: vi.fn(),
      createPaymentMethod: vi.fn(),
      confirmCardPayment: vi.fn(),
      registerAppInfo: vi.fn(),
      _registerWrapper: vi.fn(),
    }));
    Object.assign(window, { Stripe: Object.assign(StripeJs, { version: 'endive' }) });
    scriptsFrom(standInUrl)[0]!.dispatchEvent(new Event('load'));

    expect(await screen.findByRole('button', { name: 'Pay NZ$1,025.00' })).toBeTruthy();
    expect(StripeJs).toHaveBeenCalledWith('pk_test_local');
    expect(scriptsFrom('https://js.stripe.com')).toHaveLength(0);
  });
});
