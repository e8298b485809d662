import type { IntegrationTransactionDetail } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { transaction } from '../dashboard/fixtures';
import { TransactionDrawer } from './TransactionDrawer';
import { TransactionsPage } from './TransactionsPage';

const detail: IntegrationTransactionDetail = {
  id: 'txn_1001',
  integrationId: 'p1',
  integrationName: 'Online store',
  sourceKind: 'processor',
  provider: 'stripe',
  externalTransactionId: 'ch_3QJ8Xb',
  amount: '129.90',
  currency: 'NZD',
  status: 'refunded',
  paymentMethod: 'card',
  country: 'NZ',
  test: false,
  occurredAt: '2026-11-30T14:05:00.000Z',
  recordedAt: '2026-11-30T14:05:02.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  customer: { id: 'cus_42', email: 'ana@example.com' },
  product: { sku: 'TEE-1' },
  location: null,
  raw: { externalTransactionId: 'ch_3QJ8Xb', status: 'refunded', metadata: { till: 3 } },
  history: [
    { kind: 'recorded', status: 'pending', at: '2026-11-30T14:05:02.000Z', eventId: 'e1' },
    { kind: 'updated', status: 'completed', at: '2026-11-30T14:06:00.000Z', eventId: 'e2' },
    { kind: 'updated', status: 'refunded', at: '2026-12-01T09:00:00.000Z', eventId: 'e3' },
  ],
  webhooks: [
    {
      id: 'd1',
      endpointId: 'w1',
      endpointUrl: 'https://shop.example/hooks',
      eventId: 'e1',
      eventType: 'transaction.recorded',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      deliveredAt: '2026-11-30T14:05:03.000Z',
      createdAt: '2026-11-30T14:05:02.000Z',
    },
    {
      id: 'd3',
      endpointId: 'w1',
      endpointUrl: 'https://shop.example/hooks',
      eventId: 'e3',
      eventType: 'transaction.updated',
      status: 'retrying',
      attempts: 2,
      lastStatusCode: 500,
      deliveredAt: null,
      createdAt: '2026-12-01T09:00:00.000Z',
    },
  ],
};

const detailPath = '/api/integrations/transactions/txn_1001';

describe('TransactionDrawer', () => {
  it("shows the provider's fields, the event history with refunds, and the webhooks sent", async () => {
    const fetchMock = mockFetch((url) => (url === detailPath ? { body: detail } : { status: 404, text: '' }));
    renderPage(<TransactionDrawer transactionId="txn_1001" onClose={() => undefined} />, { path: '/' });

    expect(await screen.findByText('NZ$129.90')).toBeTruthy();
    expect(callsTo(fetchMock, detailPath)).toHaveLength(1);
    expect(screen.getByText('Online store (Stripe)')).toBeTruthy();

    const history = screen.getByRole('region', { name: 'Event history' });
    expect(within(history).getByText('Recorded as Pending')).toBeTruthy();
    expect(within(history).getByText('Updated to Completed')).toBeTruthy();
    expect(within(history).getByText('Refunded')).toBeTruthy();
    expect(within(history).getByText(formatDateTime('2026-12-01T09:00:00.000Z'))).toBeTruthy();

    const webhooks = screen.getByRole('region', { name: 'Webhooks sent' });
    expect(within(webhooks).getByText('transaction.recorded')).toBeTruthy();
    expect(within(webhooks).getByText('Succeeded')).toBeTruthy();
    expect(within(webhooks).getByText('Retrying')).toBeTruthy();
    expect(within(webhooks).getAllByText('https://shop.example/hooks')).toHaveLength(2);
    expect(within(webhooks).getByText(/2 attempts, last answer HTTP 500/)).toBeTruthy();

    const fields = screen.getByRole('region', { name: "Provider's fields" });
    expect(within(fields).getByText(/"email": "ana@example.com"/)).toBeTruthy();
    // The body as received, fields the platform does not name included.
    expect(within(fields).getByText(/"till": 3/)).toBeTruthy();
    expect(screen.queryByText('Test')).toBeNull();
  });

  it('marks a test delivery as not a sale, and says when the transaction cannot be loaded', async () => {
    mockFetch((url) =>
      url === detailPath ? { body: { ...detail, test: true, webhooks: [] } } : { status: 404, text: '' },
    );
    renderPage(<TransactionDrawer transactionId="txn_1001" onClose={() => undefined} />, { path: '/' });
    expect(await screen.findByText('Test')).toBeTruthy();
    expect(screen.getByText(/never counted in your volume, reports or analytics/)).toBeTruthy();
    expect(screen.getByText(/no webhook endpoint of yours subscribes/)).toBeTruthy();
  });

  it('opens from a row of the transactions list (integrations rows only); a 404 shows an error', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/transactions'))
        return {
          body: {
            transactions: [
              transaction(),
              transaction({
                id: 'row-2',
                transactionId: 'charge:1',
                type: 'crypto',
                metadata: { provider: 'coinbase', source: 'crypto' },
              }),
            ],
            nextCursor: null,
          },
        };
      if (url === detailPath) return { status: 404, body: { error: 'NOT_FOUND', message: 'Transaction not found' } };
      return { status: 404, text: '' };
    });
    const { user } = renderPage(<TransactionsPage />, { path: '/transactions' });
    await screen.findByText('txn_1001');
    expect(screen.queryByRole('button', { name: 'Details of charge:1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Details of txn_1001' }));
    expect(await screen.findByText('This transaction could not be loaded.')).toBeTruthy();
    expect(callsTo(fetchMock, detailPath)).toHaveLength(1);
  });
});
