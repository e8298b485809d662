import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage } from '../../test/render';
import { BillingTab, formatInvoiceDate } from './BillingTab';

const growthAnnual = {
  planId: 'growth',
  planName: 'Growth',
  billingCycle: 'annual',
  status: 'active',
  currentPeriodEnd: '2026-05-31T12:00:00.000Z',
  cancelAtPeriodEnd: false,
};

describe('BillingTab', () => {
  it('shows the plan, its status, cycle and next invoice date', async () => {
    mockFetch(() => ({ body: growthAnnual }));
    renderPage(<BillingTab />, { path: '/settings' });

    expect(screen.getByText('Loading billing...')).toBeTruthy();
    expect(await screen.findByText('Growth')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Annual')).toBeTruthy();
    expect(screen.getByText('Next invoice')).toBeTruthy();
    expect(screen.getByText('May 31, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('shows the payment history under the plan', async () => {
    const payment = {
      id: 'in_1QxY2ZLkdIwHu7ix',
      method: 'card',
      description: 'Growth, annual',
      amount: '278.00',
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-05-31T12:00:00.000Z',
      reference: 'in_1QxY2ZLkdIwHu7ix',
    };
    mockFetch((url) => (url === '/api/billing/payments' ? { body: { payments: [payment] } } : { body: growthAnnual }));
    renderPage(<BillingTab />, { path: '/settings' });

    expect(await screen.findByText('Payment history')).toBeTruthy();
    expect(await screen.findByText('$278.00')).toBeTruthy();
    expect(screen.getByText('Growth, annual')).toBeTruthy();
  });

  it('cancels at period end after confirming, and says so', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/billing/subscription/cancel' && init?.method === 'POST'
        ? { body: { ...growthAnnual, cancelAtPeriodEnd: true } }
        : { body: growthAnnual },
    );
    const { user } = renderPage(<BillingTab />, { path: '/settings' });

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect((await screen.findAllByText('Cancel your subscription?')).length).toBeGreaterThan(0);
    const confirm = screen.getAllByRole('button', { name: 'Cancel subscription' }).at(-1);
    await user.click(confirm!);

    expect(await screen.findByText('Subscription Cancelled')).toBeTruthy();
    expect(screen.getByText('Your plan stays active until May 31, 2026.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/subscription/cancel')).toHaveLength(1);
    expect(await screen.findByText('Cancels at period end')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull());
  });

  it("shows 'Cancellation Failed' with the server's message", async () => {
    mockFetch((url) =>
      url === '/api/billing/subscription/cancel'
        ? { status: 409, body: { error: 'CONFLICT', message: 'This subscription is already cancelled.' } }
        : { body: growthAnnual },
    );
    const { user } = renderPage(<BillingTab />, { path: '/settings' });

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click((await screen.findAllByRole('button', { name: 'Cancel subscription' })).at(-1)!);

    expect(await screen.findByText('Cancellation Failed')).toBeTruthy();
    expect(screen.getByText('This subscription is already cancelled.')).toBeTruthy();
  });

  it('offers no cancel on the free plan', async () => {
    mockFetch(() => ({
      body: {
        ...growthAnnual,
        planId: 'starter',
        planName: 'Starter',
        billingCycle: null,
        status: 'none',
        currentPeriodEnd: null,
      },
    }));
    renderPage(<BillingTab />, { path: '/settings' });
    expect(await screen.findByText('Starter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('shows an error with a retry when the subscription cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }));
    renderPage(<BillingTab />, { path: '/settings' });
    expect(await screen.findByText('Error Loading Billing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('formats dates in US English', () => {
    expect(formatInvoiceDate('2026-01-15T12:00:00Z')).toBe('January 15, 2026');
  });
});
