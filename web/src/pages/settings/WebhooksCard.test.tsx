import type { WebhookDeliveryView, WebhookEndpointView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage, requestBody } from '../../test/render';
import { formatDeliveryTime, WebhooksCard } from './WebhooksCard';

const endpoint: WebhookEndpointView = {
  id: '7d1f0c6e-1c1a-4c36-9d1e-5b0c1d2e3f40',
  url: 'https://shop.example/hooks',
  eventTypes: ['transaction.recorded', 'charge.completed'],
  isActive: true,
  signingSecretHint: '••••a1b2',
  lastDeliveryStatus: 'succeeded',
  lastDeliveryAt: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const base = `/api/developer/webhooks/${endpoint.id}`;

const delivery: WebhookDeliveryView = {
  id: '0b6f3a57-2f0e-4c0e-8a43-3d1c9f4e2a11',
  endpointId: endpoint.id,
  eventId: '5f0a2d8c-6b3e-4f7a-9c1d-2e3f4a5b6c7d',
  eventType: 'transaction.recorded',
  status: 'succeeded',
  attempts: 3,
  lastStatusCode: 200,
  lastLatencyMs: 42,
  lastError: null,
  nextAttemptAt: null,
  deliveredAt: '2026-01-05T10:00:03.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:03.000Z',
  attemptLog: [],
};

describe('WebhooksCard', () => {
  it('shows loading, then says plainly that there are no endpoints', async () => {
    mockFetch(() => ({ body: [] }));
    renderPage(<WebhooksCard />, { path: '/settings' });
    expect(screen.getByText('Loading webhooks...')).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
  });

  it('shows an error with a retry when the endpoints cannot be loaded', async () => {
    let fail = true;
    const fetchMock = mockFetch(() =>
      fail ? { status: 500, body: { error: 'INTERNAL', message: 'boom' } } : { body: [endpoint] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    expect(await screen.findByText('Error Loading Webhooks')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(endpoint.url)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/developer/webhooks').length).toBeGreaterThanOrEqual(2);
  });

  it('lists endpoints with their events, status and masked secret', async () => {
    mockFetch(() => ({
      body: [
        endpoint,
        { ...endpoint, id: 'other', url: 'https://b.example/x', isActive: false, lastDeliveryStatus: null },
      ],
    }));
    renderPage(<WebhooksCard />, { path: '/settings' });
    expect(await screen.findByText(endpoint.url)).toBeTruthy();
    expect(screen.getAllByText('transaction.recorded')).toHaveLength(2);
    expect(screen.getAllByText('charge.completed')).toHaveLength(2);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByText('Last delivery: succeeded')).toBeTruthy();
    expect(screen.getAllByText('Secret ••••a1b2')).toHaveLength(2);
  });

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/developer/webhooks' && init?.method === 'POST'
        ? {
            status: 201,
            body: {
              ...endpoint,
              eventTypes: ['transaction.recorded', 'charge.failed'],
              lastDeliveryStatus: null,
              signingSecret: 'whsec_full_secret',
            },
          }
        : { body: [] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /charge\.failed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/developer/webhooks', 'POST')).toHaveLength(1));
    expect(requestBody(callsTo(fetchMock, '/api/developer/webhooks', 'POST')[0])).toEqual({
      url: endpoint.url,
      eventTypes: ['transaction.recorded', 'charge.failed'],
    });
    expect(await screen.findByText('whsec_full_secret')).toBeTruthy();
    expect(screen.getByText('Copy this signing secret now. It will not be shown again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(await screen.findByRole('button', { name: 'Copied signing secret' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Copied', { exact: true })).toHaveLength(2));
    await expect(navigator.clipboard.readText()).resolves.toBe('whsec_full_secret');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_full_secret')).toBeNull());
  });

  it("shows the server's refusal of a URL under the field", async () => {
    const message = 'Endpoint URL must point to a public address: 10.0.0.5 is a private address';
    mockFetch((_url, init) =>
      init?.method === 'POST'
        ? { status: 400, body: { error: 'VALIDATION_FAILED', message, details: [{ path: 'url', message }] } }
        : { body: [] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('asks for at least one event type before sending anything', async () => {
    const fetchMock = mockFetch(() => ({ body: [] }));
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /transaction\.recorded/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event type')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/developer/webhooks', 'POST')).toHaveLength(0);
  });

  it('deletes an endpoint only after confirming', async () => {
    const fetchMock = mockFetch((_url, init) =>
      // The server answers 204; jsdom's Response refuses a 204 with the helper's empty body, so 200 stands in.
      init?.method === 'DELETE' ? { status: 200 } : { body: [endpoint] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Delete this endpoint?')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, base, 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(callsTo(fetchMock, base, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeTruthy();
  });

  it('rotates the secret after confirming and shows the new one once', async () => {
    const fetchMock = mockFetch((url) =>
      url === `${base}/rotate-secret`
        ? { body: { ...endpoint, signingSecret: 'whsec_rotated' } }
        : { body: [endpoint] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findAllByText('Rotate the signing secret?')).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: 'Rotate secret' }).at(-1)!);
    await waitFor(() => expect(callsTo(fetchMock, `${base}/rotate-secret`, 'POST')).toHaveLength(1));
    expect(await screen.findByText('whsec_rotated')).toBeTruthy();
    expect(screen.getByText('Signing secret rotated')).toBeTruthy();
  });

  it('shows the delivery log with status, code, latency and attempts, and resends', async () => {
    const failing: WebhookDeliveryView = {
      ...delivery,
      id: '9a9a9a9a-2f0e-4c0e-8a43-3d1c9f4e2a11',
      eventType: 'charge.completed',
      status: 'retrying',
      attempts: 2,
      lastStatusCode: 503,
      lastLatencyMs: 120,
      lastError: 'HTTP 503',
    };
    const fetchMock = mockFetch((url) =>
      url === `${base}/deliveries`
        ? { body: [delivery, failing] }
        : url.endsWith('/resend')
          ? { status: 202, body: failing }
          : { body: [endpoint] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: `Show deliveries to ${endpoint.url}` }));
    const log = await screen.findByRole('table', { name: `Deliveries to ${endpoint.url}` });
    const rows = await within(log).findAllByRole('row');
    expect(within(rows[1]!).getByText('Succeeded')).toBeTruthy();
    expect(within(rows[1]!).getByText('200')).toBeTruthy();
    expect(within(rows[1]!).getByText('42 ms')).toBeTruthy();
    expect(within(rows[1]!).getByText('3')).toBeTruthy();
    expect(within(rows[1]!).getByText(formatDeliveryTime(delivery.updatedAt))).toBeTruthy();
    expect(within(rows[2]!).getByText('Retrying')).toBeTruthy();
    expect(within(rows[2]!).getByText('503')).toBeTruthy();
    expect(within(rows[2]!).getByText('HTTP 503')).toBeTruthy();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Resend charge.completed delivery' }));
    await waitFor(() => expect(callsTo(fetchMock, `${base}/deliveries/${failing.id}/resend`, 'POST')).toHaveLength(1));
    expect(await screen.findByText('Delivery queued again')).toBeTruthy();
  });

  it('says when there are no deliveries yet, and sends a test event', async () => {
    const fetchMock = mockFetch((url) =>
      url === `${base}/deliveries`
        ? { body: [] }
        : url === `${base}/test`
          ? { status: 202, body: { ...delivery, eventType: 'webhook.test', status: 'pending', attempts: 0 } }
          : { body: [endpoint] },
    );
    const { user } = renderPage(<WebhooksCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: `Show deliveries to ${endpoint.url}` }));
    expect(await screen.findByText('No deliveries yet. Send a test event to try the endpoint.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Send test event/ }));
    await waitFor(() => expect(callsTo(fetchMock, `${base}/test`, 'POST')).toHaveLength(1));
    expect(await screen.findByText('Test event queued')).toBeTruthy();
  });

  it('formats delivery times in US English', () => {
    expect(formatDeliveryTime('not a time')).toBe('not a time');
    expect(formatDeliveryTime('2026-01-05T10:00:03.000Z')).toMatch(/^Jan 5, 2026/);
  });
});
