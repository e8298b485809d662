import { emptyProfile, kybMessages, type KycStatusResponse } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { callsTo, fillIn, mockFetch, renderPage, requestBody, type MockResponse } from '../../test/render';
import { kycVerification } from '../dashboard/fixtures';
import { SettingsPage } from './SettingsPage';

const statusPath = '/api/kyc/status';
const startPath = '/api/kyc/verification';
const providerUrl = 'https://verify.stripe.com/start/test_YWNjdF8x';
// Valid by their check digits: NZBN (GS1), IRD (mod 11).
const nzbn = '9412345678904';
const ird = '49091850';

const notStarted: KycStatusResponse = { kycStatus: 'pending', verification: null };
const started = {
  status: 201,
  body: { url: providerUrl, kycStatus: 'requires_input', verification: kycVerification() },
};

interface Api {
  status?: MockResponse | (() => MockResponse);
  start?: MockResponse;
  businessCountry?: string;
  /** More of the stored profile. */
  profile?: Record<string, unknown>;
}

function renderVerification({
  status = { body: notStarted },
  start = started,
  businessCountry = '',
  profile = {},
}: Api = {}) {
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/user/profile') return { body: { ...emptyProfile(), businessCountry, ...profile } };
    if (url === statusPath) return typeof status === 'function' ? status() : status;
    if (url === startPath && init?.method === 'POST') return start;
    return { status: 404, body: { error: 'NOT_FOUND', message: `No fake for ${url}` } };
  });
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  const rendered = renderPage(<SettingsPage />, { path: '/settings', url: '/settings?tab=verification' });
  return { ...rendered, fetchMock, assign };
}

const panel = async () => within(await screen.findByRole('tabpanel', { name: 'Verification' }));
const startButton = () => screen.queryByRole('button', { name: 'Start verification' }) as HTMLButtonElement | null;

// Heavy antd forms: slow when the machine is shared with the end-to-end stack.
describe('Settings → Verification', { timeout: 30_000 }, () => {
  it('opens from ?tab=verification and shows an account with nothing verified yet', async () => {
    renderVerification();
    const tab = await panel();
    expect(screen.getByRole('tab', { name: 'Verification', selected: true })).toBeTruthy();
    expect(await tab.findByText('KYC Pending')).toBeTruthy();
    expect(tab.getByText('Stripe Identity')).toBeTruthy();
    expect(tab.getByText('Not started')).toBeTruthy();
    expect(tab.getByText('Not started yet')).toBeTruthy();
    expect(tab.getByText(/never receives or stores images of your documents or their numbers/)).toBeTruthy();
    expect(
      tab.getByText(/the provider's session id, the verification status, the name on the verified document/),
    ).toBeTruthy();
    // The profile has no business country: New Zealand, so the NZBN is asked for.
    expect(tab.getByTitle('New Zealand')).toBeTruthy();
    expect(tab.getByLabelText('NZBN')).toBeTruthy();
    expect(startButton()?.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save Profile' })).toBeNull();
  });

  it("sends the business numbers with the start and the browser to the provider's page", async () => {
    const { user, fetchMock, assign } = renderVerification();
    const tab = await panel();
    await fillIn(user, await tab.findByLabelText('NZBN'), nzbn);
    await fillIn(user, tab.getByLabelText('Business number (NZ company number)'), '1234567');
    await fillIn(user, tab.getByLabelText('Tax number (IRD)'), ird);
    await user.click(startButton()!);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl));
    expect(requestBody(callsTo(fetchMock, startPath, 'POST')[0])).toEqual({
      returnTo: 'settings',
      business: { country: 'New Zealand', nzbn, businessNumber: '1234567', taxNumber: ird },
    });
  });

  it('offers the numbers the profile keeps from registration (issue 39) and sends them with the start', async () => {
    const { user, fetchMock, assign } = renderVerification({
      businessCountry: 'New Zealand',
      profile: { nzbn, companyRegistrationNumber: '1234567', taxId: ird },
    });
    const tab = await panel();
    expect(((await tab.findByLabelText('NZBN')) as HTMLInputElement).value).toBe(nzbn);
    expect((tab.getByLabelText('Tax number (IRD)') as HTMLInputElement).value).toBe(ird);
    await user.click(startButton()!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl));
    expect(requestBody(callsTo(fetchMock, startPath, 'POST')[0])).toEqual({
      returnTo: 'settings',
      business: { country: 'New Zealand', nzbn, businessNumber: '1234567', taxNumber: ird },
    });
  });

  it('starts without business details when none are given', async () => {
    const { user, fetchMock, assign } = renderVerification();
    const tab = await panel();
    await user.click(await tab.findByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl));
    expect(requestBody(callsTo(fetchMock, startPath, 'POST')[0])).toEqual({ returnTo: 'settings' });
  });

  it("checks the numbers' formats before sending: the contracts' messages under the fields", async () => {
    const { user, fetchMock, assign } = renderVerification();
    const tab = await panel();
    await fillIn(user, await tab.findByLabelText('NZBN'), '9412345678901');
    await fillIn(user, tab.getByLabelText('Tax number (IRD)'), '12345678');
    await user.click(startButton()!);

    expect(await tab.findByText(kybMessages.nzbn)).toBeTruthy();
    expect(await tab.findByText(kybMessages.taxNumberNz)).toBeTruthy();
    expect(callsTo(fetchMock, startPath, 'POST')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("uses the profile's business country, and shows the server's refusal under the field it names", async () => {
    const { user, fetchMock, assign } = renderVerification({
      businessCountry: 'Australia',
      start: {
        status: 400,
        body: {
          error: 'VALIDATION_FAILED',
          message: 'Please check your business details.',
          details: [{ path: 'business.businessNumber', message: kybMessages.businessNumberAu }],
        },
      },
    });
    const tab = await panel();
    expect(await tab.findByTitle('Australia')).toBeTruthy();
    // An NZBN applies to New Zealand businesses only.
    expect(tab.queryByLabelText('NZBN')).toBeNull();
    await fillIn(user, tab.getByLabelText('Business number (ABN)'), '51 824 753 556');
    await user.click(startButton()!);

    expect(await tab.findByText(kybMessages.businessNumberAu)).toBeTruthy();
    expect(screen.getByText('Verification Not Started')).toBeTruthy();
    expect(screen.getByText('Please check your business details.')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, startPath, 'POST')[0])).toEqual({
      returnTo: 'settings',
      business: { country: 'Australia', businessNumber: '51 824 753 556' },
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the provider's reason and retries verification", async () => {
    const reason = 'The document has expired. Please use a valid document.';
    const { user, fetchMock, assign } = renderVerification({
      status: {
        body: {
          kycStatus: 'requires_input',
          verification: kycVerification({ lastError: { code: 'document_expired', reason } }),
        },
      },
    });
    const tab = await panel();
    expect(await tab.findByText('KYC Action Required')).toBeTruthy();
    expect(tab.getByText('Awaiting your input')).toBeTruthy();
    expect(tab.getByText(reason)).toBeTruthy();
    expect(tab.getByText('Nov 20, 2026, 10:00 AM', { exact: false })).toBeTruthy();

    await user.click(tab.getByRole('button', { name: 'Retry verification' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl));
    expect(callsTo(fetchMock, startPath, 'POST')).toHaveLength(1);
  });

  it('keeps the business numbers of the failed attempt for the retry', async () => {
    const business = { country: 'New Zealand', nzbn, businessNumber: null, taxNumber: ird };
    const { user, fetchMock, assign } = renderVerification({
      status: {
        body: {
          kycStatus: 'requires_input',
          verification: kycVerification({ lastError: { code: 'document_expired', reason: 'Expired.' }, business }),
        },
      },
    });
    const tab = await panel();
    expect(((await tab.findByLabelText('NZBN')) as HTMLInputElement).value).toBe(nzbn);
    await user.click(tab.getByRole('button', { name: 'Retry verification' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl));
    expect(requestBody(callsTo(fetchMock, startPath, 'POST')[0])).toEqual({
      returnTo: 'settings',
      business: { country: 'New Zealand', nzbn, taxNumber: ird },
    });
  });

  it('says the provider is checking and does not offer a new start while processing', async () => {
    renderVerification({
      status: { body: { kycStatus: 'processing', verification: kycVerification({ status: 'processing' }) } },
    });
    const tab = await panel();
    expect(await tab.findByText('KYC Processing')).toBeTruthy();
    expect(tab.getByText('Verification in progress')).toBeTruthy();
    expect(startButton()?.disabled).toBe(true);
  });

  it('shows the verified name and date, and no start button, once verified', async () => {
    renderVerification({
      status: {
        body: {
          kycStatus: 'verified',
          verification: kycVerification({
            status: 'verified',
            verifiedName: 'Ana Kauri',
            verifiedAt: '2026-11-21T09:00:00.000Z',
            checks: { document: 'verified', selfie: 'verified' },
            business: { country: 'New Zealand', nzbn, businessNumber: null, taxNumber: null },
          }),
        },
      },
    });
    const tab = await panel();
    expect(await tab.findByText('KYC Active')).toBeTruthy();
    expect(tab.getByText('Ana Kauri')).toBeTruthy();
    expect(tab.getByText('Nov 21, 2026')).toBeTruthy();
    expect(tab.getByText(`New Zealand · NZBN ${nzbn}`)).toBeTruthy();
    expect(tab.getByText('Your identity is verified')).toBeTruthy();
    expect(startButton()).toBeNull();
    expect(tab.queryByLabelText('NZBN')).toBeNull();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let status: MockResponse = { status: 500, text: 'boom' };
    const { user } = renderVerification({ status: () => status });
    const tab = await panel();
    expect(await tab.findByText('Error Loading Verification')).toBeTruthy();
    expect(startButton()).toBeNull();

    status = { body: notStarted };
    await user.click(tab.getByRole('button', { name: 'Try Again' }));
    expect(await tab.findByText('KYC Pending')).toBeTruthy();
    expect(startButton()).toBeTruthy();
  });
});
