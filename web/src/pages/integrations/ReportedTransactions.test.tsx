import type { IntegrationTransactionDetail, ProcessorView } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { IntegrationsPage } from './IntegrationsPage';

const stripe: ProcessorView = {
  id: 'p1',
  isActive: true,
  configuration: {},
  lastSync: null,
  lastSyncError: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  ingestUrl: '/api/integrations/webhooks/p1',
  signingSecretHint: '••••a1b2',
  processorType: 'stripe',
  processorName: 'Online store',
  apiKey: '••••4242',
  apiSecret: null,
  webhookUrl: null,
};

const sample: IntegrationTransactionDetail = {
  id: 'tx-1',
  integrationId: 'p1',
  integrationName: 'Online store',
  sourceKind: 'processor',
  provider: 'stripe',
  externalTransactionId: 'sample_3f9c2a71',
  amount: '42.50',
  currency: 'USD',
  status: 'completed',
  paymentMethod: 'card',
  country: 'US',
  test: true,
  occurredAt: '2026-11-30T14:05:00.000Z',
  recordedAt: '2026-11-30T14:05:00.000Z',
  updatedAt: '2026-11-30T14:05:00.000Z',
  customer: null,
  product: null,
  location: null,
  raw: { externalTransactionId: 'sample_3f9c2a71' },
  history: [{ kind: 'recorded', status: 'completed', at: '2026-11-30T14:05:00.000Z', eventId: 'e1' }],
  webhooks: [],
};

describe('Integrations: the delivery guide and the reported transactions', () => {
  it("folds each integration's guide, and opens a reported transaction's detail from the list", async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/integrations/payment-processors') return { body: [stripe] };
      if (url === '/api/integrations/transactions') return { body: [sample] };
      if (url === '/api/integrations/transactions/tx-1') return { body: sample };
      if (url === '/api/integrations/analytics')
        return {
          body: { activeIntegrations: 1, transactionsToday: 0, revenueToday: 0, currency: 'USD', lastSync: null },
        };
      return { body: [] };
    });
    const { user } = renderPage(<IntegrationsPage />, { path: '/integrations' });

    const card = await screen.findByTestId('processor-card');
    expect(within(card).queryByRole('button', { name: 'Send sample delivery' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /Delivery guide/ }));
    expect(await within(card).findByRole('button', { name: 'Send sample delivery' })).toBeTruthy();
    expect(within(card).getByText(`POST ${window.location.origin}/api/integrations/webhooks/p1`)).toBeTruthy();

    const list = await screen.findByRole('table', { name: 'Recent transactions' });
    expect(within(list).getByText('Test')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'sample_3f9c2a71' }));
    expect(await screen.findByText('Recorded as Completed')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/integrations/transactions/tx-1')).toHaveLength(1);
  });
});
