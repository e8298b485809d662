import { tokenizationPaths } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../test/render';
import {
  complianceRun,
  property,
  propertyId,
  tokenContract,
  tokenizationApi,
  unitedStates,
} from '../../test/tokenization';
import { currentUrl, renderTokenization, stepState } from './testSupport';

describe('TokenizationPage', { timeout: 30_000 }, () => {
  it('shows the restriction instead of the workflow outside New Zealand and Australia, and calls nothing else', async () => {
    const fetchMock = tokenizationApi({ [`GET ${tokenizationPaths.eligibility}`]: { body: unitedStates } });
    renderTokenization();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Real Estate Tokenization');
    expect((await screen.findByRole('alert')).textContent).toContain('Your location: United States');
    expect(screen.queryByRole('button', { name: 'Submit Property' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Tokenization steps' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([tokenizationPaths.eligibility]);
  });

  it('offers to continue a property in progress, where it was left', async () => {
    const inProgress = property({
      compliance: complianceRun({ status: 'running', progress: 50, riskScore: null, overallStatus: null }),
    });
    const tokenized = property({ id: 'p-done', address: '1 Done Road, Sydney NSW 2000', contract: tokenContract() });
    tokenizationApi({
      [`GET ${tokenizationPaths.properties}`]: { body: { properties: [inProgress, tokenized] } },
      [`GET ${tokenizationPaths.property(propertyId)}`]: {
        body: property({ contract: tokenContract({ status: 'deploying' }) }),
      },
    });
    const { user } = renderTokenization();
    const list = await screen.findByRole('list', { name: 'Properties in progress' });
    const items = within(list).getAllByRole('listitem');
    // Tokenized properties are done: only the one in progress is offered.
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText('Compliance Verification')).toBeTruthy();
    expect(within(items[0]!).getByText(/PROP-1795237200000/)).toBeTruthy();

    await user.click(within(items[0]!).getByRole('button', { name: `Continue ${inProgress.address}` }));
    // Its contract is deploying by now: the page picks it up there.
    expect(await screen.findByText(/Deploying the token contract/)).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}`);
    expect(stepState('Smart Contract')).toBe('Active');
  });

  it('says so when the property in the URL does not exist', async () => {
    const fetchMock = tokenizationApi({
      [`GET ${tokenizationPaths.property('missing')}`]: {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'Property not found.' },
      },
    });
    const { user } = renderTokenization('/tokenization?property=missing&step=contract');
    expect(await screen.findByText('This property could not be found.')).toBeTruthy();
    expect(callsTo(fetchMock, tokenizationPaths.property('missing'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit a Property' }));
    expect(await screen.findByRole('button', { name: 'Submit Property' })).toBeTruthy();
  });
});
