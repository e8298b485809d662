import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage } from '../../test/render';
import { PaymentHistoryCard } from './PaymentHistoryCard';

const payments = [
  {
    id: '5b0f8a52-52a4-4c4e-9d0c-1f6f3e0f7a11',
    method: 'crypto',
    description: 'Growth, annual',
    amount: '278.00',
    currency: 'USD',
    status: 'paid',
    paidAt: '2026-11-30T14:05:00.000Z',
    reference: '5b0f8a52-52a4-4c4e-9d0c-1f6f3e0f7a11',
  },
  {
    id: 'in_1QxY2ZLkdIwHu7ix',
    method: 'card',
    description: 'Enterprise plus Tokenization, monthly',
    amount: '699.00',
    currency: 'USD',
    status: 'refunded',
    paidAt: '2026-10-30T09:00:00.000Z',
    reference: 'in_1QxY2ZLkdIwHu7ix',
  },
];

describe('PaymentHistoryCard', () => {
  it('lists the plan payments with their date, method, amount and status', async () => {
    const fetchMock = mockFetch(() => ({ body: { payments } }));
    renderPage(<PaymentHistoryCard />, { path: '/settings' });

    expect(screen.getByText('Payment history')).toBeTruthy();
    const table = await screen.findByRole('table');
    await within(table).findByText('Growth, annual');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Nov 30, 2026');
    expect(within(rows[0]!).getByText('Crypto')).toBeTruthy();
    expect(within(rows[0]!).getByText('$278.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[1]!).getByText('Enterprise plus Tokenization, monthly')).toBeTruthy();
    expect(within(rows[1]!).getByText('Card')).toBeTruthy();
    expect(within(rows[1]!).getByText('$699.00')).toBeTruthy();
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/billing/payments');
  });

  it('says so when there are no payments yet', async () => {
    mockFetch(() => ({ body: { payments: [] } }));
    renderPage(<PaymentHistoryCard />, { path: '/settings' });
    expect(await screen.findByText('No payments yet')).toBeTruthy();
  });
});
