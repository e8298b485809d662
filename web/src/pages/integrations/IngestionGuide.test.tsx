import type { SampleDeliveryResponse } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { IngestionGuide, type GuideTarget } from './IngestionGuide';

const target: GuideTarget = {
  id: 'p1',
  name: 'Online store',
  provider: 'stripe',
  kind: 'processor',
  ingestUrl: '/api/integrations/webhooks/p1',
  signingSecretHint: '••••a1b2',
};
const samplePath = '/api/integrations/webhooks/p1/sample';

const sample: SampleDeliveryResponse = {
  received: true,
  outcome: 'recorded',
  transactionId: 'tx-sample-1',
  body: { externalTransactionId: 'sample_abc', amount: '42.50', test: true },
  signature: `t=1764511500,v1=${'ab'.repeat(32)}`,
  ingestUrl: '/api/integrations/webhooks/p1',
};

const renderGuide = () => renderPage(<IngestionGuide target={target} />, { path: '/integrations' });

describe('IngestionGuide', () => {
  it("shows the URL, the body's fields, the signature header and how to compute it, in curl and Node", async () => {
    mockFetch(() => ({ status: 404, text: '' }));
    const { user } = renderGuide();
    const url = `${window.location.origin}/api/integrations/webhooks/p1`;

    expect(screen.getByText(`POST ${url}`)).toBeTruthy();
    expect(screen.getByText('••••a1b2')).toBeTruthy();
    expect(screen.getAllByText('x-platform-signature').length).toBeGreaterThan(0);
    expect(screen.getByText(/over t, a dot, and the exact bytes of the body/)).toBeTruthy();
    const fields = screen.getByRole('table', { name: 'Delivery body fields' });
    for (const field of ['externalTransactionId', 'amount', 'currency', 'status', 'occurredAt', 'test']) {
      expect(within(fields).getByText(field)).toBeTruthy();
    }

    const curl = screen.getByText(/openssl dgst -sha256 -hmac "\$SECRET"/);
    expect(curl.textContent).toContain(`curl -X POST '${url}'`);
    expect(curl.textContent).toContain('-H "x-platform-signature: t=$T,v1=$SIG"');
    expect(curl.textContent).toContain('"test":true');

    await user.click(screen.getByRole('tab', { name: 'Node' }));
    const node = await screen.findByText(/createHmac\('sha256', secret\)/);
    expect(node.textContent).toContain(".update(`${t}.${body}`).digest('hex')");
    expect(node.textContent).toContain("'x-platform-signature': `t=${t},v1=${v1}`");
    expect(node.textContent).toContain(`await fetch('${url}'`);
  });

  it('sends a sample delivery through the route and shows what happened, then opens the transaction', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === samplePath && init?.method === 'POST') return { body: sample };
      if (url === '/api/integrations/transactions/tx-sample-1')
        return {
          body: {
            id: 'tx-sample-1',
            integrationId: 'p1',
            integrationName: 'Online store',
            sourceKind: 'processor',
            provider: 'stripe',
            externalTransactionId: 'sample_abc',
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
            raw: sample.body,
            history: [{ kind: 'recorded', status: 'completed', at: '2026-11-30T14:05:00.000Z', eventId: 'e1' }],
            webhooks: [],
          },
        };
      return { status: 404, text: '' };
    });
    const { user } = renderGuide();

    await user.click(screen.getByRole('button', { name: 'Send sample delivery' }));
    expect(await screen.findByText('Sample delivery recorded')).toBeTruthy();
    expect(callsTo(fetchMock, samplePath, 'POST')).toHaveLength(1);
    expect(screen.getByText('tx-sample-1')).toBeTruthy();
    expect(screen.getByText(`x-platform-signature: ${sample.signature}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'View transaction' }));
    expect(await screen.findByText('Recorded as Completed')).toBeTruthy();
  });

  it("shows the server's reason when the sample is refused", async () => {
    mockFetch((url) =>
      url === samplePath
        ? { status: 409, body: { error: 'CONFLICT', message: 'Integration is inactive' } }
        : { status: 404, text: '' },
    );
    const { user } = renderGuide();
    await user.click(screen.getByRole('button', { name: 'Send sample delivery' }));
    expect(await screen.findByText('The sample delivery was refused')).toBeTruthy();
    expect(screen.getByText('Integration is inactive')).toBeTruthy();
  });
});
