import type { AffiliateProfile, MarketingAssets, ValueProposition } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody, type MockResponse } from '../../../test/render';
import { MarketingToolkitPage } from './MarketingToolkitPage';

const profilePath = '/api/affiliate/profile';
const assetsPath = '/api/affiliate/generate-marketing-assets';
const contentPath = '/api/affiliate/generate-custom-content';
const valuePath = '/api/affiliate/generate-value-proposition';

const profile: AffiliateProfile = {
  id: 'aff-1',
  companyName: 'Kauri Consulting',
  website: null,
  businessType: 'consulting',
  contactEmail: 'ana@kauri.example',
  contactName: 'Ana Kauri',
  phoneNumber: '+64 21 555 0101',
  referralCode: 'KAURI42',
  status: 'approved',
  totalEarnings: '0.00',
  currentBalance: '0.00',
  commissionRate: '15.00',
  tier: { id: 'starter', name: 'Starter' },
  cookieDays: 30,
  isDemo: true,
  createdAt: '2026-03-01T00:00:00.000Z',
};

const assets: MarketingAssets = {
  emailTemplates: [{ name: 'Introduction', subject: 'Take card payments anywhere', body: 'Kia ora,\nOne line.' }],
  socialMedia: {
    linkedin: ['LinkedIn post about cafés'],
    twitter: ['Tweet about cafés'],
    facebook: ['Facebook post about cafés'],
  },
  landingPageCopy: {
    headline: 'Payments for cafés',
    subheadline: 'One dashboard for cards, POS and crypto.',
    benefits: ['Unified processing', 'Automated compliance'],
    callToAction: 'Start free today',
  },
  salesPitch: {
    elevatorPitch: 'We bring every payment into one place.',
    keyPoints: ['Growth plan $29/month'],
    objectionHandling: [{ objection: 'We already have a terminal.', response: 'Keep it: we integrate with it.' }],
  },
};

const proposition: ValueProposition = {
  headline: 'Get paid faster in Australian e-commerce',
  subheadline: 'Cards, wallets and crypto in one checkout.',
  keyBenefits: ['Lower fees', 'Faster settlement'],
  testimonialSuggestion: '"We settled in a day." - a Sydney retailer',
};

function fakeApi(override: (url: string, init: RequestInit | undefined) => MockResponse | undefined = () => undefined) {
  return mockFetch((url, init) => {
    const overridden = override(url, init);
    if (overridden) return overridden;
    if (url === profilePath) return { body: profile };
    if (url === assetsPath) return { body: { assets } };
    if (url === contentPath) return { body: { content: 'Case study: Kauri Roasters.\nThey moved to one dashboard.' } };
    if (url === valuePath) return { body: { valueProposition: proposition } };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
}

const renderToolkit = () => renderPage(<MarketingToolkitPage />, { path: '/affiliate/marketing-toolkit' });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('MarketingToolkitPage', () => {
  it("shows 'Affiliate Account Required' with a link to the dashboard when there is no profile", async () => {
    fakeApi((url) => (url === profilePath ? { status: 404, body: { error: 'NOT_FOUND', message: 'No' } } : undefined));
    renderToolkit();
    expect(await screen.findByRole('heading', { name: 'Affiliate Account Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Affiliate Dashboard' }).getAttribute('href')).toBe(
      '/affiliate/dashboard',
    );
  });

  it('generates a marketing kit only with a target audience, and shows every part of it', async () => {
    const fetchMock = fakeApi();
    const { user } = renderToolkit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing Toolkit' })).toBeTruthy();
    expect(button('Generate Marketing Kit').disabled).toBe(true);
    await fillIn(user, screen.getByLabelText('Target Audience'), '   ');
    expect(button('Generate Marketing Kit').disabled).toBe(true);
    await fillIn(user, screen.getByLabelText('Target Audience'), ' cafés in Auckland ');
    expect(button('Generate Marketing Kit').disabled).toBe(false);
    await user.click(button('Generate Marketing Kit'));

    const kit = await screen.findByTestId('marketing-kit');
    expect(requestBody(fetchMock.mock.calls.find(([url]) => url === assetsPath))).toEqual({
      targetAudience: 'cafés in Auckland',
    });
    expect(within(kit).getByText('Subject: Take card payments anywhere')).toBeTruthy();
    for (const post of ['LinkedIn post about cafés', 'Tweet about cafés', 'Facebook post about cafés']) {
      expect(within(kit).getByText(post)).toBeTruthy();
    }
    expect(within(kit).getByText('LinkedIn post 1')).toBeTruthy();
    expect(within(kit).getByText('Payments for cafés')).toBeTruthy();
    expect(within(kit).getByText('Automated compliance')).toBeTruthy();
    expect(within(kit).getByText('Start free today')).toBeTruthy();
    expect(within(kit).getByText('We bring every payment into one place.')).toBeTruthy();
    expect(within(kit).getByText('Keep it: we integrate with it.')).toBeTruthy();

    await user.click(within(kit).getByRole('button', { name: 'Copy introduction' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      'Subject: Take card payments anywhere\n\nKia ora,\nOne line.',
    );
  });

  it('shows progress while generating and the spec toast when generation fails', async () => {
    let release: (answer: MockResponse) => void = () => undefined;
    const answered = new Promise<MockResponse>((resolve) => (release = resolve));
    // The generation call stays open until `release`, to see the progress state.
    const fetchMock = fakeApi();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === profilePath) return new Response(JSON.stringify(profile), { status: 200 });
      const { status = 200, body } = await answered;
      return new Response(JSON.stringify(body), { status });
    });
    const { user } = renderToolkit();

    await fillIn(user, await screen.findByLabelText('Target Audience'), 'cafés');
    await user.click(button('Generate Marketing Kit'));
    expect(await screen.findByText('Generating your marketing kit... this can take a few seconds.')).toBeTruthy();

    release({ status: 502, body: { error: 'UPSTREAM', message: 'model down' } });
    expect(await screen.findByText('Generation Failed')).toBeTruthy();
    expect(screen.getByText('Failed to generate marketing assets. Please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/^Generating your marketing kit/)).toBeNull());
  });

  it('generates custom content only with a content type, sending the context', async () => {
    const fetchMock = fakeApi();
    const { user } = renderToolkit();

    await user.click(await screen.findByRole('tab', { name: 'Custom Content' }));
    expect(button('Generate Content').disabled).toBe(true);
    await user.click(screen.getByLabelText('Content Type'));
    await screen.findByTitle('Blog Post');
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((option) => option.getAttribute('title'))).toEqual([
      'Blog Post',
      'Case Study',
      'Whitepaper',
      'Product Demo Script',
      'Sales Email',
      'Webinar Script',
    ]);
    await user.click(screen.getByTitle('Case Study'));
    await fillIn(user, screen.getByLabelText('Additional Context'), 'a roastery');
    expect(button('Generate Content').disabled).toBe(false);
    await user.click(button('Generate Content'));

    expect((await screen.findByTestId('custom-content')).textContent).toBe(
      'Case study: Kauri Roasters.\nThey moved to one dashboard.',
    );
    expect(requestBody(fetchMock.mock.calls.find(([url]) => url === contentPath))).toEqual({
      contentType: 'case_study',
      additionalContext: 'a roastery',
    });
  });

  it('shows the custom content failure toast', async () => {
    fakeApi((url) => (url === contentPath ? { status: 500, body: { error: 'INTERNAL', message: 'x' } } : undefined));
    const { user } = renderToolkit();
    await user.click(await screen.findByRole('tab', { name: 'Custom Content' }));
    await user.click(screen.getByLabelText('Content Type'));
    await user.click(await screen.findByTitle('Blog Post'));
    await user.click(button('Generate Content'));
    expect(await screen.findByText('Failed to generate custom content. Please try again.')).toBeTruthy();
  });

  it('generates a value proposition only with a target market, and shows its four parts', async () => {
    const fetchMock = fakeApi();
    const { user } = renderToolkit();

    await user.click(await screen.findByRole('tab', { name: 'Value Proposition' }));
    expect(button('Generate Value Proposition').disabled).toBe(true);
    await fillIn(user, screen.getByLabelText('Target Market'), 'Australian e-commerce');
    await user.click(button('Generate Value Proposition'));

    const result = await screen.findByTestId('value-proposition');
    expect(within(result).getByRole('heading', { name: proposition.headline })).toBeTruthy();
    expect(within(result).getByText(proposition.subheadline)).toBeTruthy();
    expect(within(result).getByText('Faster settlement')).toBeTruthy();
    expect(within(result).getByText(proposition.testimonialSuggestion)).toBeTruthy();
    expect(requestBody(fetchMock.mock.calls.find(([url]) => url === valuePath))).toEqual({
      targetMarket: 'Australian e-commerce',
    });
  });

  it('shows the value proposition failure toast', async () => {
    fakeApi((url) => (url === valuePath ? { status: 503, text: '' } : undefined));
    const { user } = renderToolkit();
    await user.click(await screen.findByRole('tab', { name: 'Value Proposition' }));
    await fillIn(user, screen.getByLabelText('Target Market'), 'NZ retail');
    await user.click(button('Generate Value Proposition'));
    expect(await screen.findByText('Failed to generate value proposition. Please try again.')).toBeTruthy();
  });
});
