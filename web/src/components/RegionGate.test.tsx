import { tokenizationMessages, tokenizationPaths } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, type MockResponse } from '../test/render';
import { tokenizationApi, unitedStates } from '../test/tokenization';
import { RegionGate } from './RegionGate';

const eligibility = `GET ${tokenizationPaths.eligibility}`;

const renderGate = () =>
  renderPage(
    <RegionGate>
      <p>The tokenization tool</p>
    </RegionGate>,
    { path: '/tokenization' },
  );

describe('RegionGate', () => {
  it('shows the content to a visitor in New Zealand, after the location check', async () => {
    tokenizationApi();
    renderGate();
    expect(screen.getByRole('status').textContent).toContain('Checking your location');
    expect(await screen.findByText('The tokenization tool')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the restriction message with the licensing information to a visitor in the United States', async () => {
    tokenizationApi({ [eligibility]: { body: unitedStates } });
    renderGate();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Tokenization services are currently only available in New Zealand and Australia. Your location: United States',
    );
    expect(alert.textContent).toContain('Financial Markets Conduct Act 2013');
    expect(screen.queryByText('The tokenization tool')).toBeNull();
  });

  it('takes a 403 REGION_RESTRICTED as the same refusal, with the server message', async () => {
    const message = tokenizationMessages.restricted('Germany');
    tokenizationApi({ [eligibility]: { status: 403, body: { error: 'REGION_RESTRICTED', message } } });
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByText('The tokenization tool')).toBeNull();
  });

  it("says 'Could not determine location' when the address could not be placed", async () => {
    tokenizationApi({
      [eligibility]: { body: { isAllowed: false, country: null, countryCode: null, restrictionMessage: null } },
    });
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not determine location');
    expect(screen.queryByText('The tokenization tool')).toBeNull();
  });

  it("says 'Location detection failed' when the check fails, and tries again on request", async () => {
    let answer: MockResponse = { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } };
    tokenizationApi({ [eligibility]: () => answer });
    const { user } = renderGate();
    expect((await screen.findByRole('alert')).textContent).toContain('Location detection failed');

    answer = { body: { isAllowed: true, country: 'Australia', countryCode: 'AU', restrictionMessage: null } };
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('The tokenization tool')).toBeTruthy();
  });
});
