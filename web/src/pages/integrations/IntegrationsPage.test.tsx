import type { IntegrationsAnalytics, PosView, ProcessorView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../App';
import {
  callsTo,
  fillIn,
  mockFetch,
  renderPage,
  renderRoutes,
  requestBody,
  type MockResponse,
} from '../../test/render';
import { IntegrationsPage } from './IntegrationsPage';

const processorsPath = '/api/integrations/payment-processors';
const posPath = '/api/integrations/pos-systems';
const analyticsPath = '/api/integrations/analytics';

const analytics: IntegrationsAnalytics = {
  activeIntegrations: 2,
  transactionsToday: 1204,
  revenueToday: 15320.5,
  currency: 'NZD',
  lastSync: null,
};

const stripe: ProcessorView = {
  id: 'p1',
  isActive: true,
  configuration: {},
  lastSync: '2026-03-04T09:05:00.000Z',
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

const toast: PosView = {
  id: 'pos1',
  isActive: true,
  configuration: {},
  lastSync: null,
  lastSyncError: 'Toast API unreachable',
  createdAt: '2026-03-01T00:00:00.000Z',
  ingestUrl: '/api/integrations/webhooks/pos1',
  signingSecretHint: '••••c3d4',
  posSystem: 'toast',
  posName: 'Queen Street',
  apiKey: '••••9999',
  locationId: 'loc-1',
  syncFrequency: 'daily',
};

/** A fake integrations API over in-memory lists; `override` answers a call first when it returns. */
function fakeApi(
  state: { processors: ProcessorView[]; pos: PosView[] },
  override: (url: string, init: RequestInit | undefined) => MockResponse | undefined = () => undefined,
) {
  return mockFetch((url, init) => {
    const overridden = override(url, init);
    if (overridden) return overridden;
    if (url === analyticsPath) return { body: analytics };
    if (url === posPath) return { body: state.pos };
    if (url === processorsPath && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { processorType: 'stripe'; processorName?: string };
      const created = {
        ...stripe,
        id: 'p2',
        processorName: body.processorName ?? 'Stripe',
        ingestUrl: '/api/integrations/webhooks/p2',
      };
      state.processors = [...state.processors, created];
      return { status: 201, body: { ...created, signingSecret: 'whsec_full_secret' } };
    }
    if (url === processorsPath) return { body: state.processors };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
}

const renderIntegrations = () => renderPage(<IntegrationsPage />, { path: '/integrations' });

describe('IntegrationsPage', () => {
  it('shows the title, the four summary figures and the empty states', async () => {
    fakeApi({ processors: [], pos: [] });
    const { user } = renderIntegrations();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment & POS Integrations');
    expect(await screen.findByText('No payment processors connected yet.')).toBeTruthy();
    for (const title of ['Active Integrations', 'Transactions Today', 'Revenue Today', 'Last Sync']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(await screen.findByText('NZ$15,320.50')).toBeTruthy();
    expect(screen.getByText('1,204')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'POS Systems' }));
    expect(await screen.findByText('No POS systems connected yet.')).toBeTruthy();
  });

  it('shows loading text while the lists load', async () => {
    mockFetch((url) => (url === analyticsPath ? { body: analytics } : { body: [] }));
    renderIntegrations();
    expect(screen.getByText('Loading payment processors...')).toBeTruthy();
    expect(await screen.findByText('No payment processors connected yet.')).toBeTruthy();
  });

  it('lists processors and POS systems with their status, type, frequency and last sync', async () => {
    fakeApi({ processors: [{ ...stripe, isActive: false }], pos: [toast] });
    const { user } = renderIntegrations();

    const card = await screen.findByTestId('processor-card');
    expect(within(card).getByText('Online store')).toBeTruthy();
    expect(within(card).getByText('Stripe')).toBeTruthy();
    expect(within(card).getByText('Inactive')).toBeTruthy();
    expect(within(card).getByText(/^Last sync: Mar 4, 2026/)).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Online store active' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    await user.click(screen.getByRole('tab', { name: 'POS Systems' }));
    const pos = await screen.findByTestId('pos-card');
    expect(within(pos).getByText('Queen Street')).toBeTruthy();
    expect(within(pos).getByText('Toast')).toBeTruthy();
    expect(within(pos).getByText('Active')).toBeTruthy();
    expect(within(pos).getByText('Sync: Daily')).toBeTruthy();
    expect(within(pos).getByText('Last sync: Never')).toBeTruthy();
    expect(within(pos).getByText('Last sync failed: Toast API unreachable')).toBeTruthy();
    expect(within(pos).queryByRole('switch')).toBeNull();
  });

  it('adds a processor: success toast, the list refreshes, and the webhook URL and secret show once', async () => {
    const fetchMock = fakeApi({ processors: [], pos: [] });
    const { user } = renderIntegrations();
    await screen.findByText('No payment processors connected yet.');

    await user.click(screen.getByRole('button', { name: 'Add Processor' }));
    await fillIn(user, screen.getByLabelText('Processor Name'), 'Web shop');
    await fillIn(user, screen.getByLabelText('API Key'), 'sk_test_123');
    await fillIn(user, screen.getByLabelText('API Secret'), 'secret_456');
    await user.click(screen.getByRole('button', { name: 'Add Processor' }));

    expect(await screen.findByText('Payment Processor Added')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, processorsPath, 'POST')[0])).toEqual({
      processorType: 'stripe',
      processorName: 'Web shop',
      apiKey: 'sk_test_123',
      apiSecret: 'secret_456',
    });
    expect(await screen.findByTestId('processor-card')).toBeTruthy();
    expect(screen.getByText('Web shop', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api/integrations/webhooks/p2`)).toBeTruthy();
    expect(screen.getByText('whsec_full_secret')).toBeTruthy();
    expect(screen.queryByLabelText('API Key')).toBeNull();
    // Lists and summary are refetched after the change.
    await waitFor(() => expect(callsTo(fetchMock, processorsPath)).toHaveLength(2));
    expect(callsTo(fetchMock, analyticsPath)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    // The button turns to 'Copied' and the toast's title is the spec's 'Copied'.
    expect(await screen.findByRole('button', { name: 'Copied signing secret' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Copied', { exact: true })).toHaveLength(2));
    await expect(navigator.clipboard.readText()).resolves.toBe('whsec_full_secret');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('whsec_full_secret')).toBeNull();
  });

  it("shows the spec's failure toast when the server refuses a processor", async () => {
    fakeApi({ processors: [], pos: [] }, (url, init) =>
      url === processorsPath && init?.method === 'POST'
        ? {
            status: 400,
            body: {
              error: 'VALIDATION',
              message: 'Invalid',
              details: [{ path: 'apiKey', message: 'API key is required' }],
            },
          }
        : undefined,
    );
    const { user } = renderIntegrations();
    await screen.findByText('No payment processors connected yet.');

    await user.click(screen.getByRole('button', { name: 'Add Processor' }));
    await user.click(screen.getByRole('button', { name: 'Add Processor' }));

    expect(await screen.findByText('Integration Failed')).toBeTruthy();
    expect(screen.getByText('Failed to add payment processor. Please check your credentials.')).toBeTruthy();
    expect(await screen.findByText('API key is required')).toBeTruthy();
    expect(screen.getByLabelText('API Key')).toBeTruthy();
  });

  it('shows the POS failure toast, and adds a POS system with the default hourly sync', async () => {
    let refuse = true;
    const fetchMock = fakeApi({ processors: [], pos: [] }, (url, init) => {
      if (url !== posPath || init?.method !== 'POST') return undefined;
      if (refuse) return { status: 400, body: { error: 'VALIDATION', message: 'Invalid' } };
      return { status: 201, body: { ...toast, id: 'pos2', posName: 'Albany', signingSecret: 'whsec_pos' } };
    });
    const { user } = renderIntegrations();
    await user.click(screen.getByRole('tab', { name: 'POS Systems' }));
    await screen.findByText('No POS systems connected yet.');

    await user.click(screen.getByRole('button', { name: 'Add POS System' }));
    await user.click(screen.getByRole('button', { name: 'Add POS System' }));
    expect(await screen.findByText('Failed to add POS system. Please check your credentials.')).toBeTruthy();

    refuse = false;
    await fillIn(user, screen.getByLabelText('POS Name'), 'Albany');
    await fillIn(user, screen.getByLabelText('API Key'), 'key_1');
    await user.click(screen.getByRole('button', { name: 'Add POS System' }));
    expect(await screen.findByText('POS System Added')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, posPath, 'POST')[1])).toEqual({
      posSystem: 'square',
      posName: 'Albany',
      apiKey: 'key_1',
      syncFrequency: 'hourly',
    });
    expect(screen.getByText('whsec_pos')).toBeTruthy();
  });

  it('closes the form on Cancel without calling the server', async () => {
    const fetchMock = fakeApi({ processors: [], pos: [] });
    const { user } = renderIntegrations();
    await screen.findByText('No payment processors connected yet.');

    await user.click(screen.getByRole('button', { name: 'Add Processor' }));
    expect(screen.getByLabelText('Webhook URL')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByLabelText('Webhook URL')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Processor' })).toBeTruthy();
    expect(callsTo(fetchMock, processorsPath, 'POST')).toHaveLength(0);
  });

  it('toggles a processor with PUT isActive and says Status Updated', async () => {
    const state = { processors: [stripe], pos: [] };
    const fetchMock = fakeApi(state, (_url, init) => {
      if (init?.method !== 'PUT') return undefined;
      const { isActive } = JSON.parse(String(init.body)) as { isActive: boolean };
      state.processors = [{ ...stripe, isActive }];
      return { body: state.processors[0] };
    });
    const { user } = renderIntegrations();

    const toggle = await screen.findByRole('switch', { name: 'Online store active' });
    await user.click(toggle);

    expect(await screen.findByText('Status Updated')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe(`${processorsPath}/p1`);
    expect(requestBody(put)).toEqual({ isActive: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Online store active' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(await screen.findByText('Inactive')).toBeTruthy();
  });

  it('shows no message when a toggle fails, and keeps the stored state', async () => {
    const fetchMock = fakeApi({ processors: [stripe], pos: [] }, (_url, init) =>
      init?.method === 'PUT' ? { status: 500, body: { error: 'INTERNAL', message: 'boom' } } : undefined,
    );
    const { user } = renderIntegrations();

    await user.click(await screen.findByRole('switch', { name: 'Online store active' }));
    // The failure refetches the list, and the switch shows what the server holds.
    await waitFor(() => expect(callsTo(fetchMock, processorsPath)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('switch').className).not.toContain('loading'));
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText('Status Updated')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/integrations route', () => {
  it('is guarded: a signed-out visitor is sent to sign in', async () => {
    mockFetch(() => ({ status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } }));
    renderRoutes(<Route path="*" element={<AppRoutes />} />, '/integrations');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows the page to a verified user', async () => {
    const me = { id: 'u1', email: 'jane@acme.example', username: 'jane', role: 'user', kycStatus: 'pending' };
    fakeApi({ processors: [], pos: [] }, (url) =>
      url === '/api/auth/me'
        ? { body: { ...me, firstName: 'Jane', lastName: 'Doe', companyName: 'Acme', emailVerified: true } }
        : undefined,
    );
    renderRoutes(<Route path="*" element={<AppRoutes />} />, '/integrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment & POS Integrations' })).toBeTruthy();
  });
});
