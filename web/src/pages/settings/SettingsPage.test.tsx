import { emptyProfile, profileFields } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody } from '../../test/render';
import { SettingsPage } from './SettingsPage';

const storedProfile = {
  ...emptyProfile(),
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1990-04-12',
  city: 'Auckland',
  country: 'New Zealand',
  companyName: 'Acme Ltd',
  businessType: 'Consulting',
  website: 'https://acme.example',
};

const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('SettingsPage', () => {
  it('shows the loaded profile and saves all 19 fields', async () => {
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
    expect(inputValue('Website')).toBe('https://acme.example');

    await fillIn(user, screen.getByLabelText('Company Name'), 'Acme Holdings');
    await fillIn(user, screen.getByLabelText('Business City'), 'Albany');
    await user.click(screen.getByText('Save Profile'));

    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    expect(screen.getByText('Your profile has been successfully updated.')).toBeTruthy();

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/user/profile');
    const body = requestBody(put) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual([...profileFields].sort());
    expect(body).toEqual({ ...storedProfile, companyName: 'Acme Holdings', businessCity: 'Albany' });
  });

  it('offers a refresh when the profile cannot be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'INTERNAL', message: 'Something broke' } }));
    renderPage(<SettingsPage />, { path: '/settings' });

    expect(await screen.findByText('Error Loading Profile')).toBeTruthy();
    expect(screen.getByText('Failed to load user profile. Please refresh the page or try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('shows an honest empty state on the Developer API tab', async () => {
    mockFetch(() => ({ body: storedProfile }));
    const { user } = renderPage(<SettingsPage />, { path: '/settings' });

    await user.click(await screen.findByText('Developer API'));
    expect(screen.getByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api`)).toBeTruthy();
    expect(screen.queryByText(/generate/i)).toBeNull();

    const writeText = async () => undefined;
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByLabelText('Copy base url'));
    expect(await screen.findByText('Copied!')).toBeTruthy();
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
