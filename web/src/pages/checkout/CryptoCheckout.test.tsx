import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { plansResponse } from '../../test/plans';
import { callsTo, mockFetch, renderRoutes, requestBody, type MockResponse } from '../../test/render';
import { charge } from '../crypto/cryptoTestApi';
import { CryptoTimingContext, defaultCryptoTiming } from '../crypto/timing';
import { CheckoutPage } from './CheckoutPage';

// The checkout's crypto tab (issue 21): a charge for the plan, polled until paid or failed, then the
// plan's activation at billing. Polling is shortened through the timing context.

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn().mockResolvedValue({}) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useElements: () => ({ getElement: () => null }),
}));

const chargePath = '/api/crypto/coinbase/subscription-charge';
const pollPath = '/api/crypto/coinbase/charge/ch-1';
const signedIn = {
  id: 'u-1',
  email: 'jane@acme.example',
  username: 'jane',
  role: 'user',
  emailVerified: true,
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme Ltd',
};
const noPlan = {
  planId: 'starter',
  planName: 'Starter',
  billingCycle: null,
  status: 'none',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const growthActive = {
  planId: 'growth',
  planName: 'Growth',
  billingCycle: 'annual',
  status: 'active',
  currentPeriodEnd: '2027-11-27T10:00:00.000Z',
  cancelAtPeriodEnd: false,
};
const subscriptionCharge = (overrides = {}) =>
  charge({ amount: '278.00', description: 'Growth plan, one year', ...overrides });

/** Answers by "METHOD path"; a list is answered in turn, its last answer repeated. */
function api(routes: Record<string, MockResponse | MockResponse[]>) {
  const seen = new Map<string, number>();
  return mockFetch((url, init) => {
    if (url === '/api/plans') return plansResponse();
    if (url === '/api/billing/config') return { body: { publishableKey: 'pk_test_123', stripeJsUrl: null } };
    const key = `${init?.method ?? 'GET'} ${url}`;
    const answer = routes[key] ?? (url === '/api/auth/me' ? { body: signedIn } : undefined);
    if (!answer) return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
    if (!Array.isArray(answer)) return answer;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return answer[Math.min(index, answer.length - 1)]!;
  });
}

async function openCryptoTab(url = '/payment?plan=growth&cycle=annual') {
  const result = renderRoutes(
    <Route
      path="/payment"
      element={
        <CryptoTimingContext.Provider value={{ ...defaultCryptoTiming, chargePollMs: 30 }}>
          <CheckoutPage />
        </CryptoTimingContext.Provider>
      }
    />,
    url,
  );
  await screen.findByTestId('summary-price');
  await result.user.click(screen.getByRole('tab', { name: 'Crypto' }));
  return result;
}

const status = () => screen.getByTestId('crypto-payment-status').textContent;

describe('Checkout, crypto tab', { timeout: 45_000 }, () => {
  it('creates a charge for the plan, shows where to pay, and goes to the dashboard once the plan is active', async () => {
    const fetchMock = api({
      [`POST ${chargePath}`]: { status: 201, body: subscriptionCharge() },
      [`GET ${pollPath}`]: [
        { body: subscriptionCharge({ status: 'PENDING' }) },
        { body: subscriptionCharge({ status: 'COMPLETED', state: 'completed' }) },
      ],
      // Billing activates the plan a moment after the charge completes.
      'GET /api/billing/subscription': [{ body: noPlan }, { body: growthActive }],
    });
    const { user } = await openCryptoTab();
    expect(status()).toBe('Pending');
    expect(screen.getByText(/your plan starts once the network confirms the transfer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the crypto wallet' }).getAttribute('href')).toBe('/crypto-wallet');
    await user.click(screen.getByRole('radio', { name: /Ethereum \(ETH\)/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $278 with crypto' }));

    expect(await screen.findByText('Payment Created')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, chargePath, 'POST')[0])).toEqual({
      planId: 'growth',
      billingCycle: 'annual',
      preferredCurrency: 'ETH',
    });
    const details = within(screen.getByTestId('crypto-charge'));
    expect(details.getByText(/for \$278 \(Growth, one year\)/)).toBeTruthy();
    expect(details.getByRole('link', { name: 'Open the Coinbase payment page' }).getAttribute('href')).toBe(
      'https://commerce.coinbase.com/pay/ABCD1234',
    );
    expect(details.getByText('ETH address')).toBeTruthy();

    expect(await screen.findByText('Payment Confirmed', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Welcome to Growth. Your subscription is now active.')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(callsTo(fetchMock, '/api/billing/subscription').length).toBeGreaterThanOrEqual(2);
  });

  it('waits with "Activating your plan" while the charge is paid but billing has not activated it yet', async () => {
    api({
      [`POST ${chargePath}`]: { status: 201, body: subscriptionCharge() },
      [`GET ${pollPath}`]: { body: subscriptionCharge({ status: 'COMPLETED', state: 'completed' }) },
      'GET /api/billing/subscription': { body: noPlan },
    });
    const { user } = await openCryptoTab();
    await user.click(screen.getByRole('button', { name: 'Pay $278 with crypto' }));

    expect(await screen.findByText('Payment confirmed by Coinbase Commerce. Activating your plan...')).toBeTruthy();
    expect(status()).toBe('Confirmed');
    expect(screen.queryByText('Payment Confirmed')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows Failed when the charge expires, and Try Again returns to Pending', async () => {
    const fetchMock = api({
      [`POST ${chargePath}`]: { status: 201, body: subscriptionCharge() },
      [`GET ${pollPath}`]: { body: subscriptionCharge({ status: 'EXPIRED', state: 'failed' }) },
    });
    const { user } = await openCryptoTab();
    await user.click(screen.getByRole('button', { name: 'Pay $278 with crypto' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Charge ABCD1234 expired before it was paid. Your plan has not changed.')).toBeTruthy();
    expect(status()).toBe('Failed');
    expect(screen.getByText('The charge is expired; no payment was taken and your plan has not changed.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/billing/subscription')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(status()).toBe('Pending');
    expect(screen.getByRole('button', { name: 'Pay $278 with crypto' })).toBeTruthy();
  });

  it("shows the spec's 'Payment Failed: Failed to create crypto payment. Please try again.' when the charge cannot be created", async () => {
    api({
      [`POST ${chargePath}`]: {
        status: 503,
        body: { error: 'SERVICE_UNAVAILABLE', message: 'Failed to create crypto payment. Please try again.' },
      },
    });
    const { user } = await openCryptoTab('/payment?plan=pro&cycle=monthly');
    await user.click(screen.getByRole('button', { name: 'Pay $699 with crypto' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getAllByText('Failed to create crypto payment. Please try again.').length).toBeGreaterThan(0);
    expect(status()).toBe('Failed');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(status()).toBe('Pending');
  });

  it('sends a signed-out visitor to sign in first and creates no charge', async () => {
    const fetchMock = api({
      'GET /api/auth/me': { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } },
      'POST /api/auth/refresh': { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } },
    });
    const { user } = await openCryptoTab('/payment?plan=growth&cycle=monthly');
    await user.click(screen.getByRole('button', { name: 'Pay $29 with crypto' }));

    expect(await screen.findByText('Sign In Required')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/login?next=${encodeURIComponent('/payment?plan=growth&cycle=monthly')}`,
    );
    expect(callsTo(fetchMock, chargePath, 'POST')).toHaveLength(0);
  });
});
