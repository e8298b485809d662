import { emptyUserProfile, kybMessages, userProfileFields } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody } from '../../test/render';
import { optionsOf, pick, selectedIn } from '../../test/select';
import { SettingsPage } from './SettingsPage';

const storedProfile = {
  ...emptyUserProfile(),
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1990-04-12',
  city: 'Auckland',
  country: 'New Zealand',
  companyName: 'Acme Ltd',
  businessType: 'consulting',
  website: 'https://acme.example',
};

const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('SettingsPage', () => {
  it("shows registration's NZBN, company number, IRD number and GST registration, and the server's check on a bad one", async () => {
    const registered = {
      ...storedProfile,
      businessCountry: 'New Zealand',
      nzbn: '9412345678904',
      companyRegistrationNumber: '1234567',
      taxId: '49091850',
      gstRegistered: true,
    };
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: 'VALIDATION_FAILED',
              message: kybMessages.nzbn,
              details: [{ path: 'nzbn', message: kybMessages.nzbn }],
            },
          }
        : { body: registered },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await screen.findByDisplayValue('Jane');
    await user.click(screen.getByText('Business Details'));
    expect(inputValue('NZBN')).toBe('9412345678904');
    expect(inputValue('Company Registration Number')).toBe('1234567');
    expect(inputValue('Tax ID / GST Number')).toBe('49091850');
    expect((screen.getByLabelText('GST registered') as HTMLInputElement).checked).toBe(true);

    await fillIn(user, screen.getByLabelText('NZBN'), '9412345678905');
    await user.click(screen.getByLabelText('GST registered'));
    await user.click(screen.getByText('Save Profile'));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestBody(put)).toMatchObject({ nzbn: '9412345678905', gstRegistered: false });
    await waitFor(() =>
      expect(screen.getByLabelText('NZBN').closest('.ant-form-item')?.textContent).toContain(kybMessages.nzbn),
    );
  });

  it('shows the loaded profile and saves every field', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? { body: JSON.parse(String(init.body)) } : { body: storedProfile },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    expect(screen.getByText('Loading profile...')).toBeTruthy();
    expect(await screen.findByDisplayValue('Jane')).toBeTruthy();
    expect(screen.getByText('Settings').tagName).toBe('H1');
    expect(inputValue('Last Name')).toBe('Doe');
    expect(inputValue('Date of Birth')).toBe('1990-04-12');
    expect(screen.getByTitle('New Zealand')).toBeTruthy();

    await user.click(screen.getByText('Business Details'));
    expect(inputValue('Company Name')).toBe('Acme Ltd');
    expect(selectedIn(screen.getByLabelText('Business Type'))).toBe('Consulting');
    expect(inputValue('Website')).toBe('https://acme.example');

    await fillIn(user, screen.getByLabelText('Company Name'), 'Acme Holdings');
    await fillIn(user, screen.getByLabelText('Business City'), 'Albany');
    await user.click(screen.getByText('Save Profile'));

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    expect(screen.getByText('Your profile has been successfully updated.')).toBeTruthy();

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/user/profile');
    const body = requestBody(put) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...userProfileFields].sort());
    expect(body).toEqual({ ...storedProfile, companyName: 'Acme Holdings', businessCity: 'Albany' });
  });

  it("offers registration's business types and countries too, and saves the chosen value", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? { body: JSON.parse(String(init.body)) } : { body: storedProfile },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await screen.findByDisplayValue('Jane');

    const countries = ['New Zealand', 'Australia', 'United States', 'United Kingdom', 'Canada', 'Singapore'];
    expect(await optionsOf(user, screen.getByLabelText('Country'))).toEqual([
      ...countries,
      'Hong Kong',
      'Japan',
      'Other',
    ]);
    await pick(user, screen.getByLabelText('Country'), 'Hong Kong');
    await user.click(screen.getByText('Business Details'));
    expect(await optionsOf(user, screen.getByLabelText('Business Type'))).toEqual([
      'Sole Trader',
      'Partnership',
      'Limited Company',
      'Trust',
      'Financial Technology',
      'Real Estate',
      'Investment Management',
      'Consulting',
      'Technology',
      'Manufacturing',
      'Retail',
      'Healthcare',
      'Education',
      'Other',
    ]);
    await pick(user, screen.getByLabelText('Business Type'), 'Real Estate');
    await pick(user, screen.getByLabelText('Business Country'), 'Japan');
    await user.click(screen.getByText('Save Profile'));

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(requestBody(put)).toMatchObject({
      country: 'Hong Kong',
      businessType: 'real_estate',
      businessCountry: 'Japan',
    });
    expect(selectedIn(screen.getByLabelText('Business Type'))).toBe('Real Estate');
    // Five dropdowns opened: longer than the 15 s default on a loaded machine.
  }, 30000);

  it("shows the server's refusal of a business type on the field", async () => {
    const message = 'Business type must be one of: sole_trader, partnership';
    mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? {
            status: 400,
            body: { error: 'VALIDATION_FAILED', message, details: [{ path: 'businessType', message }] },
          }
        : { body: storedProfile },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await screen.findByDisplayValue('Jane');
    await user.click(screen.getByText('Business Details'));
    await user.click(screen.getByText('Save Profile'));

    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByLabelText('Business Type').closest('.ant-form-item')?.textContent).toContain(message),
    );
  }, 30000);

  it('shows a refusal of a business field on that field when saved from the personal tab', async () => {
    const message = 'Business type must be one of: sole_trader, partnership';
    mockFetch((_url, init) =>
      init?.method === 'PUT'
        ? {
            status: 400,
            body: { error: 'VALIDATION_FAILED', message, details: [{ path: 'businessType', message }] },
          }
        : { body: storedProfile },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });
    await screen.findByDisplayValue('Jane');
    // Saved before the Business Details tab was ever opened.
    await user.click(screen.getByText('Save Profile'));
    expect(await screen.findByText('Update Failed')).toBeTruthy();

    await user.click(screen.getByText('Business Details'));
    await waitFor(() =>
      expect(screen.getByLabelText('Business Type').closest('.ant-form-item')?.textContent).toContain(message),
    );
  }, 30000);

  it('offers a refresh when the profile cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'INTERNAL', message: 'Something broke' } }));
    renderPage(<SettingsPage />, { path: '/settings' });

    expect(await screen.findByText('Error Loading Profile')).toBeTruthy();
    expect(screen.getByText('Failed to load user profile. Please refresh the page or try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('shows the API keys, the quick start and the reference on the Developer API tab', async () => {
    mockFetch((url) => (url.startsWith('/api/developer/') ? { body: [] } : { body: storedProfile }));
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    await user.click(await screen.findByText('Developer API'));
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate New Key' })).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api`)).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer YOUR_API_KEY')).toBeTruthy();
    expect(screen.getByText(/curl .*\/api\/transactions/)).toBeTruthy();
    const docs = screen.getByRole('link', { name: /API Documentation/ });
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    // The SDK package the build packs beside the web app (scripts/api/pack-sdk.mjs).
    const sdk = screen.getByRole('link', { name: /Download SDK/ });
    expect(sdk.getAttribute('href')).toBe('/downloads/payments-platform-sdk.tgz');
    expect(sdk.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/npm install .*\/downloads\/payments-platform-sdk\.tgz/)).toBeTruthy();

    const writeText = async () => undefined;
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByLabelText('Copy base url'));
    // Spec 2.8: copying shows a 'Copied' toast.
    await waitFor(() => expect(screen.getAllByText('Copied', { exact: true })).toHaveLength(2));
    expect(screen.getByLabelText('Copied base url').textContent).toBe('Copied');
  });

  it('shows the current plan on the Billing tab, without the Save button', async () => {
    mockFetch((url) =>
      url === '/api/billing/subscription'
        ? {
            body: {
              planId: 'pro',
              planName: 'Enterprise plus Tokenization',
              billingCycle: 'monthly',
              status: 'past_due',
              currentPeriodEnd: '2026-03-01T12:00:00.000Z',
              cancelAtPeriodEnd: false,
            },
          }
        : { body: storedProfile },
    );
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    await user.click(await screen.findByText('Billing'));
    expect(await screen.findByText('Enterprise plus Tokenization')).toBeTruthy();
    expect(screen.getByText('Past due')).toBeTruthy();
    expect(screen.getByText('Monthly')).toBeTruthy();
    expect(screen.getByText('March 1, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Profile' })).toBeNull();
  });
});
