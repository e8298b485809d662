import { tokenizationPaths } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { tokenizationApi, unitedStates } from '../../test/tokenization';
import { TokenizationInfoPage } from './TokenizationInfoPage';

const renderGuide = () => renderPage(<TokenizationInfoPage />, { path: '/tokenization-info' });

const card = (title: string) =>
  within(screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);

describe('TokenizationInfoPage', () => {
  it('links every Start Tokenization button to /tokenization', async () => {
    tokenizationApi();
    const { user } = renderGuide();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tokenization Service');
    // The Quick Start one appears once the location check allowed it.
    await card('Quick Start').findByRole('link', { name: 'Start Tokenization' });
    const starts = screen.getAllByRole('link', { name: 'Start Tokenization' });
    expect(starts).toHaveLength(2);
    for (const link of starts) expect(link.getAttribute('href')).toBe('/tokenization');

    await user.click(starts[0]!);
    expect((await screen.findByTestId('location')).textContent).toBe('/tokenization');
  });

  it("states the timeline, the rules and the guide's statements", async () => {
    tokenizationApi();
    renderGuide();
    const timeline = within(screen.getByRole('list', { name: 'Typical timeline' }));
    expect(timeline.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Document submission and verification1-2 days',
      'Compliance review and risk assessment3-5 days',
      'Contract configuration and testing2-3 days',
      'Deployment and investor portal setup1 day',
    ]);
    expect(screen.getByTestId('timeline-total').textContent).toBe('7-11 business days');

    const rules = card('Regulatory Compliance');
    expect(rules.getByText(/no older than 6 months/)).toBeTruthy();
    expect(rules.getByText(/wholesale investors as defined by the Financial Markets Conduct Act 2013/)).toBeTruthy();
    expect(rules.getByText(/ERC-3643 permissioned security tokens/)).toBeTruthy();
    expect(rules.getByText('Important notice')).toBeTruthy();
  });

  it('sends the other guide buttons to real pages only', async () => {
    tokenizationApi();
    renderGuide();
    const links = Object.fromEntries(
      screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      'Compliance Check': '/compliance',
      'Contact Support': '/contact',
      'Tokenization Guide': '/solutions/real-estate-tokenization',
      'Compliance Framework': '/legal/aml-policy',
      'Legal Documentation': '/legal/terms',
    });
    for (const name of ['Download Guide', 'Browse Properties', 'API Documentation', 'Schedule Consultation']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('shows the guide everywhere but the Quick Start only where tokenization is offered', async () => {
    tokenizationApi({ [`GET ${tokenizationPaths.eligibility}`]: { body: unitedStates } });
    renderGuide();
    expect((await card('Quick Start').findByRole('alert')).textContent).toContain('Your location: United States');
    expect(card('Quick Start').queryByRole('link', { name: 'Start Tokenization' })).toBeNull();
    expect(card('Overview').getByText(/ERC-3643 permissioned security token/)).toBeTruthy();
  });
});
