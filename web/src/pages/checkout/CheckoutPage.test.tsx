import { planViews } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plansFailure, plansResponse } from '../../test/plans';
import { fillIn, mockFetch, renderRoutes, requestBody, type MockResponse } from '../../test/render';
import { CheckoutPage } from './CheckoutPage';

// Stripe.js is never fetched in tests: loadStripe and Elements are replaced.
const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  card: { kind: 'card-element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useElements: () => ({ getElement: () => stripeMocks.card }),
}));

const signedInUser = {
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

type User = ReturnType<typeof renderRoutes>['user'];

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** Renders checkout at `url` and waits for the prices of GET /api/plans. */
async function renderCheckout(url = '/payment?plan=growth&cycle=monthly') {
  const result = renderRoutes(<Route path="/payment" element={<CheckoutPage />} />, url);
  await screen.findByTestId('summary-price');
  return result;
}

/** Answers the gateway calls of checkout; `me` is the session check, `plans` GET /api/plans. */
function mockApi({
  me = { body: signedInUser } as MockResponse,
  create = undefined as MockResponse | undefined,
  plans = plansResponse(),
} = {}) {
  return mockFetch((url) => {
    if (url === '/api/plans') return plans;
    if (url === '/api/billing/config') return { body: { publishableKey: 'pk_test_123', stripeJsUrl: null } };
    if (url === '/api/auth/me') return me;
    if (url === '/api/auth/refresh') return { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } };
    if (url === '/api/create-subscription') {
      return create ?? { body: { subscriptionId: 'sub_1', status: 'incomplete', clientSecret: 'pi_1_secret_2' } };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
}

async function fillAccount(user: User) {
  await fillIn(user, field('Full Name'), 'Aroha Ngata');
  await fillIn(user, field('Email'), 'aroha@kauri.example');
}

const pay = (user: User) => user.click(screen.getByRole('button', { name: /^Pay / }));
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);

describe('CheckoutPage', () => {
  beforeEach(() => {
    stripeMocks.loadStripe.mockReset();
    stripeMocks.confirmCardPayment.mockReset();
    stripeMocks.loadStripe.mockResolvedValue({ confirmCardPayment: stripeMocks.confirmCardPayment });
  });

  it('shows the annual Growth price of GET /api/plans, 278 and Save 20%, and calls nothing else on load', async () => {
    const fetchMock = mockApi();
    await renderCheckout('/payment?plan=growth&cycle=annual');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Secure Checkout');
    expect(screen.getByTestId('summary-plan').textContent).toBe('Growth');
    expect(screen.getByTestId('summary-price').textContent).toBe('$278/year');
    expect(screen.getAllByText('Save 20%').length).toBeGreaterThan(0);
    expect(screen.getByText('instead of $348 billed monthly')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $278' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to pricing/ }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'create a free account' }).getAttribute('href')).toBe('/register');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/plans']);
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });

  it('switches plan and cycle, keeping the choice in the URL', async () => {
    mockApi();
    const { user } = await renderCheckout('/payment?plan=growth&cycle=monthly');

    expect(screen.getByTestId('summary-price').textContent).toBe('$29/month');
    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByTestId('summary-price').textContent).toBe('$278/year');
    await user.click(screen.getByRole('radio', { name: /Enterprise plus Tokenization/ }));
    expect(screen.getByTestId('summary-price').textContent).toBe('$6,710/year');
    expect(screen.getByTestId('summary-plan').textContent).toBe('Enterprise plus Tokenization');
    expect(screen.getByRole('radio', { name: 'Enterprise plus Tokenization ($6,710/year)' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByTestId('summary-price').textContent).toBe('$699/month');
    expect(screen.getByRole('button', { name: 'Pay $699' })).toBeTruthy();
  });

  it('shows the prices the server answers, not numbers of its own', async () => {
    const served = planViews().map((plan) =>
      plan.id === 'growth' ? { ...plan, monthlyPrice: 39, annualPrice: 374 } : plan,
    );
    mockApi({ plans: plansResponse(served) });
    await renderCheckout('/payment?plan=growth&cycle=annual');

    expect(screen.getByTestId('summary-price').textContent).toBe('$374/year');
    expect(screen.getByText('instead of $468 billed monthly')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Growth ($374/year)' })).toBeTruthy();
  });

  it("shows 'Loading plans...' until GET /api/plans answers", async () => {
    mockApi();
    renderRoutes(<Route path="/payment" element={<CheckoutPage />} />, '/payment?plan=pro&cycle=annual');

    expect(screen.getByRole('status').textContent).toBe('Loading plans...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Secure Checkout');
    expect(screen.getByRole('link', { name: /Back to pricing/ }).getAttribute('href')).toBe('/pricing');

    expect((await screen.findByTestId('summary-price')).textContent).toBe('$6,710/year');
    expect(screen.queryByText('Loading plans...')).toBeNull();
  });

  it("shows 'Plans could not be loaded.' with a Retry button that asks again", async () => {
    let plans: MockResponse = plansFailure;
    const fetchMock = mockFetch((url) =>
      url === '/api/plans' ? plans : { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } },
    );
    const { user } = renderRoutes(<Route path="/payment" element={<CheckoutPage />} />, '/payment?plan=growth');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Plans could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to pricing/ })).toBeTruthy();

    plans = plansResponse();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect((await screen.findByTestId('summary-price')).textContent).toBe('$29/month');
    expect(screen.queryByText('Plans could not be loaded.')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/plans', '/api/plans']);
  });

  it('shows the field messages for a missing name and email and does not subscribe', async () => {
    const fetchMock = mockApi({ me: { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } } });
    const { user } = await renderCheckout();

    await pay(user);

    // antd validates each field on its own: the two messages may appear a render apart.
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls(fetchMock, '/api/create-subscription')).toHaveLength(0);
    expect(stripeMocks.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("shows 'Stripe is not loaded' when Stripe.js cannot load, and a notice on the card tab", async () => {
    stripeMocks.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const fetchMock = mockApi({ me: { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } } });
    const { user } = await renderCheckout();

    await fillAccount(user);
    await pay(user);

    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('Stripe is not loaded. Please refresh and try again.')).toBeTruthy();
    expect(screen.getByText('Card payments are unavailable right now')).toBeTruthy();
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(calls(fetchMock, '/api/create-subscription')).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in with the way back to checkout', async () => {
    const fetchMock = mockApi({ me: { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } } });
    const { user } = await renderCheckout('/payment?plan=pro&cycle=annual');

    await fillAccount(user);
    await pay(user);

    expect(await screen.findByText('Sign In Required')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/login?next=${encodeURIComponent('/payment?plan=pro&cycle=annual')}`,
    );
    expect(calls(fetchMock, '/api/create-subscription')).toHaveLength(0);
  });

  it("shows 'Payment Failed' with the provider's message when the card is declined", async () => {
    stripeMocks.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const fetchMock = mockApi();
    const { user } = await renderCheckout('/payment?plan=growth&cycle=annual');

    // A signed-in user's details fill the form once they start.
    await user.click(field('Company (optional)'));
    await waitFor(() => expect(field('Email').value).toBe('jane@acme.example'));
    expect(field('Full Name').value).toBe('Jane Doe');
    expect(field('Company (optional)').value).toBe('Acme Ltd');
    await pay(user);

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(requestBody(calls(fetchMock, '/api/create-subscription')[0])).toEqual({
      planId: 'growth',
      billingCycle: 'annual',
      customerInfo: { name: 'Jane Doe', email: 'jane@acme.example', company: 'Acme Ltd' },
    });
    expect(stripeMocks.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card: stripeMocks.card, billing_details: { name: 'Jane Doe', email: 'jane@acme.example' } },
    });
    expect(screen.getByRole('button', { name: 'Pay $278' })).toBeTruthy();
  });

  it("shows the generic 'Payment Error' when the server refuses for another reason", async () => {
    mockApi({ create: { status: 500, body: { error: 'INTERNAL', message: 'boom' } } });
    const { user } = await renderCheckout();

    await fillAccount(user);
    await pay(user);

    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('An error occurred while processing your payment. Please try again.')).toBeTruthy();
    expect(stripeMocks.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("shows 'Processing...', then 'Payment Successful' and goes to /dashboard", async () => {
    let settle: (value: unknown) => void = () => undefined;
    stripeMocks.confirmCardPayment.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    mockApi();
    const { user } = await renderCheckout();

    await fillAccount(user);
    await pay(user);

    expect(await screen.findByRole('button', { name: /Processing\.\.\./ })).toBeTruthy();
    await waitFor(() => expect(stripeMocks.confirmCardPayment).toHaveBeenCalled());
    settle({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });

    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });
});
