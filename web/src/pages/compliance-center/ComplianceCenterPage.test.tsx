import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { blockchain, complianceRecord } from '../dashboard/fixtures';
import { ComplianceCenterPage } from './ComplianceCenterPage';

const renderCompliance = () => renderPage(<ComplianceCenterPage />, { path: '/compliance' });

describe('ComplianceCenterPage', () => {
  it('shows the screening records page by page beside the blockchain networks', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/blockchain/status') return { body: blockchain };
      if (url === '/api/compliance/records?cursor=p2')
        return {
          body: {
            records: [complianceRecord({ id: 'c2', type: 'travel_rule', status: 'cleared', riskScore: 12 })],
            nextCursor: null,
          },
        };
      if (url === '/api/compliance/records') return { body: { records: [complianceRecord()], nextCursor: 'p2' } };
      return { status: 404, text: '' };
    });
    const { user } = renderCompliance();
    expect(screen.getByRole('heading', { level: 1, name: 'Compliance & Security' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Large transaction')).toBeTruthy();
    expect(within(table).getByText('Awaiting review')).toBeTruthy();
    expect(within(table).getByText('72/100')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Travel rule')).toBeTruthy();
    expect(within(table).getByText('Cleared')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/compliance/records?cursor=p2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    expect(screen.getByText('Blockchain Integration')).toBeTruthy();
    expect(await screen.findByText('31.5 gwei')).toBeTruthy();
  });

  it('shows empty states when both calls fail', async () => {
    mockFetch(() => ({ status: 503, text: 'down' }));
    renderCompliance();
    expect(await screen.findByText('Compliance records could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Network status could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(/gwei|\/100/)).toBeNull();
  });
});
