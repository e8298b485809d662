import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyProfile, kybMessages, referralCookieName, type Profile } from '@app/contracts';
import { fillIn, mockFetch, renderPage, requestBody } from '../../test/render';
import { optionsOf, pick, selectedIn } from '../../test/select';
import { SettingsPage } from '../settings/SettingsPage';
import { RegisterPage } from './RegisterPage';

type User = ReturnType<typeof renderPage>['user'];

/** The wizard step the user is looking at (the others are hidden). */
const visibleStep = () =>
  Array.from(document.querySelectorAll('section'))
    .find((section) => !section.hidden)
    ?.querySelector('h2')?.textContent;

const field = (label: string) => screen.getByLabelText(label);

async function choose(user: User, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByTitle(option));
}

/** Continue and wait for the wizard to show the expected step. */
async function continueTo(user: User, heading: string) {
  await user.click(screen.getByText('Continue'));
  await waitFor(() => expect(visibleStep()).toBe(heading));
}

async function completeStep1(user: User) {
  await fillIn(user, field('Business Name'), 'Acme Trading');
  await choose(user, 'Industry Type', 'Information Technology');
  await fillIn(user, field('Business Address'), '12 Queen Street, Auckland');
  await continueTo(user, 'Step 2: Contact Information');
}

async function completeStep2(user: User) {
  await fillIn(user, field('First Name'), 'Jane');
  await fillIn(user, field('Last Name'), 'Doe');
  await fillIn(user, field('Email Address'), 'jane@acme.example');
  await fillIn(user, field('Phone Number'), '+64 21 555 0100');
  await fillIn(user, field('Position / Title'), 'Director');
  await continueTo(user, 'Step 3: Account Setup');
}

async function completeStep3(user: User) {
  await fillIn(user, field('Password'), 'Str0ng!Pass');
  await fillIn(user, field('Confirm Password'), 'Str0ng!Pass');
  await fillIn(user, field('Business Purpose'), 'Online retail of outdoor equipment across NZ');
  await continueTo(user, 'Step 4: Compliance & Terms');
}

async function acceptTerms(user: User) {
  await user.click(screen.getByLabelText(/I accept the Terms & Conditions/));
  await user.click(screen.getByLabelText(/I accept the Privacy Policy/));
  await user.click(screen.getByLabelText(/I accept the AML Policy/));
}

describe('RegisterPage', () => {
  it('keeps an incomplete step 1 open with field messages and a notice', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });

    await user.click(screen.getByText('Continue'));

    expect(await screen.findByText('Please complete required fields')).toBeTruthy();
    expect(screen.getByText('Fill in all required fields before continuing.')).toBeTruthy();
    expect(screen.getByText('Business name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please select an industry type')).toBeTruthy();
    expect(screen.getByText('Business address is required')).toBeTruthy();
    expect(visibleStep()).toBe('Step 1: Business Details');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves to step 2 once step 1 is complete', async () => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });

    await completeStep1(user);

    expect(visibleStep()).toBe('Step 2: Contact Information');
    expect(screen.queryByText('Please complete required fields')).toBeNull();
  });

  it('reports mismatched passwords on step 3', async () => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await completeStep1(user);
    await completeStep2(user);

    await fillIn(user, field('Password'), 'Str0ng!Pass');
    await fillIn(user, field('Confirm Password'), 'Str0ng!Pasz');
    await user.click(screen.getByText('Continue'));

    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(visibleStep()).toBe('Step 3: Account Setup');
  });

  it('asks for the three acceptances before creating the account', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await completeStep1(user);
    await completeStep2(user);
    await completeStep3(user);
    expect(visibleStep()).toBe('Step 4: Compliance & Terms');

    await user.click(screen.getByText('Create Account'));

    expect(await screen.findByText('Please accept required terms')).toBeTruthy();
    expect(screen.getByText('You must accept the Terms & Conditions, Privacy Policy, and AML Policy.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('jumps back to the first step with an error', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await completeStep1(user);
    await completeStep2(user);
    await completeStep3(user);

    // Go back through the step indicator and break a step-2 field, then return to the last step.
    await user.click(screen.getByText('Contact Information'));
    expect(visibleStep()).toBe('Step 2: Contact Information');
    await fillIn(user, field('First Name'), 'J');
    await user.click(screen.getByText('Compliance & Terms'));
    expect(visibleStep()).toBe('Step 4: Compliance & Terms');
    await acceptTerms(user);
    await user.click(screen.getByText('Create Account'));

    expect(await screen.findByText('Please complete Step 2')).toBeTruthy();
    expect(screen.getByText('Some required fields are missing. Please fill them out.')).toBeTruthy();
    expect(visibleStep()).toBe('Step 2: Contact Information');
    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the registration with the referral code of an earlier ?ref= link and goes to sign in', async () => {
    document.cookie = `${referralCookieName}=PARTNER42; path=/`;
    // The server's answer, the same for a new and a taken address: nothing names an account.
    const fetchMock = mockFetch(() => ({
      status: 201,
      body: {
        success: true,
        message: 'Registration successful. Please check your email for verification instructions.',
      },
    }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await completeStep1(user);
    await completeStep2(user);
    await completeStep3(user);
    await acceptTerms(user);
    await user.click(screen.getByText('Create Account'));

    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    expect(screen.getByText('Please check your email for verification instructions.')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/login?message=verify-email');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/register');
    expect(requestBody(fetchMock.mock.calls[0])).toEqual({
      businessName: 'Acme Trading',
      businessType: 'limited_company',
      industryType: 'Information Technology',
      businessAddress: '12 Queen Street, Auckland',
      country: 'New Zealand',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@acme.example',
      phone: '+64 21 555 0100',
      position: 'Director',
      password: 'Str0ng!Pass',
      expectedVolume: 'under_10k',
      businessPurpose: 'Online retail of outdoor equipment across NZ',
      termsAccepted: true,
      privacyAccepted: true,
      amlAccepted: true,
      marketingConsent: false,
      gstRegistered: false,
      referralCode: 'PARTNER42',
    });
  });

  it('checks the business numbers on step 1 as the KYB step does, then sends them (issue 39)', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { success: true, message: 'Registered' } }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await fillIn(user, field('NZBN'), '9412345678905');
    await fillIn(user, field('IRD / Tax Number'), '12345678');
    await fillIn(user, field('Business Name'), 'Acme Trading');
    await choose(user, 'Industry Type', 'Information Technology');
    await fillIn(user, field('Business Address'), '12 Queen Street, Auckland');
    await user.click(screen.getByText('Continue'));
    expect(await screen.findByText(kybMessages.nzbn)).toBeTruthy();
    expect(screen.getByText(kybMessages.taxNumberNz)).toBeTruthy();
    expect(visibleStep()).toBe('Step 1: Business Details');

    await fillIn(user, field('NZBN'), '94 1234 5678 904');
    await fillIn(user, field('IRD / Tax Number'), '49-091-850');
    await fillIn(user, field('Business Number'), '1234567');
    await user.click(screen.getByLabelText('GST registered'));
    await continueTo(user, 'Step 2: Contact Information');
    await completeStep2(user);
    await completeStep3(user);
    await acceptTerms(user);
    await user.click(screen.getByText('Create Account'));
    expect(await screen.findByText('Registration Successful!')).toBeTruthy();
    expect(requestBody(fetchMock.mock.calls[0])).toMatchObject({
      nzbn: '94 1234 5678 904',
      taxNumber: '49-091-850',
      businessNumber: '1234567',
      gstRegistered: true,
    });
  }, 30000);

  it("shows the server's rejection on the field and its step", async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        error: 'VALIDATION_FAILED',
        message: 'Please enter a valid email address',
        details: [{ path: 'email', message: 'Please enter a valid email address' }],
      },
    }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    await completeStep1(user);
    await completeStep2(user);
    await completeStep3(user);
    await acceptTerms(user);
    await user.click(screen.getByText('Create Account'));

    const notice = (await screen.findByText('Registration Failed')).closest('.ant-notification-notice');
    expect(within(notice as HTMLElement).getByText('Please enter a valid email address')).toBeTruthy();
    expect(visibleStep()).toBe('Step 2: Contact Information');
    expect(field('Email Address').closest('.ant-form-item')?.textContent).toContain(
      'Please enter a valid email address',
    );
  });
});

describe('RegisterPage then Settings (issue 21: one list of business types and countries)', () => {
  it('offers the five business types of spec 3.1 and its nine countries', async () => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<RegisterPage />, { path: '/register' });
    expect(await optionsOf(user, field('Business Type'))).toEqual([
      'Sole Trader',
      'Partnership',
      'Limited Company',
      'Trust',
      'Other',
    ]);
    expect(await optionsOf(user, field('Country'))).toEqual([
      'New Zealand',
      'Australia',
      'United States',
      'United Kingdom',
      'Canada',
      'Singapore',
      'Hong Kong',
      'Japan',
      'Other',
    ]);
  });

  it.each([
    ['Limited Company', 'Japan', 'limited_company'],
    ['Trust', 'Hong Kong', 'trust'],
  ])(
    'shows a business registered as %s in %s selected in Settings',
    async (typeLabel, country, typeValue) => {
      const fetchMock = mockFetch(() => ({
        status: 201,
        body: { success: true, message: 'Registered' },
      }));
      const registration = renderPage(<RegisterPage />, { path: '/register' });
      await pick(registration.user, field('Business Type'), typeLabel);
      await pick(registration.user, field('Country'), country);
      await completeStep1(registration.user);
      await completeStep2(registration.user);
      await completeStep3(registration.user);
      await acceptTerms(registration.user);
      await registration.user.click(screen.getByText('Create Account'));
      expect(await screen.findByText('Registration Successful!')).toBeTruthy();
      const sent = requestBody(fetchMock.mock.calls[0]) as Record<string, string>;
      expect(sent).toMatchObject({ businessType: typeValue, country });
      cleanup();

      // The profile as the profile service prefills it from the registration (values kept as sent).
      const stored: Profile = {
        ...emptyProfile(),
        firstName: sent.firstName!,
        lastName: sent.lastName!,
        phone: sent.phone!,
        country: sent.country!,
        companyName: sent.businessName!,
        businessType: sent.businessType!,
        businessAddress: sent.businessAddress!,
        businessCountry: sent.country!,
      };
      const settingsFetch = mockFetch((_url, init) =>
        init?.method === 'PUT' ? { body: JSON.parse(String(init.body)) } : { body: stored },
      );
      const settings = renderPage(<SettingsPage />, { path: '/settings' });
      expect(await screen.findByDisplayValue('Jane')).toBeTruthy();
      expect(selectedIn(field('Country'))).toBe(country);
      // A real option of Settings' list, not a raw value antd shows for want of one.
      expect(await optionsOf(settings.user, field('Country'))).toContain(country);
      await settings.user.click(screen.getByText('Business Details'));
      expect(selectedIn(field('Business Type'))).toBe(typeLabel);
      expect(selectedIn(field('Business Country'))).toBe(country);

      // Saving untouched keeps the stored values, which the server accepts.
      await settings.user.click(screen.getByText('Save Profile'));
      expect(await screen.findByText('Profile Updated')).toBeTruthy();
      const put = settingsFetch.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(requestBody(put)).toMatchObject({ businessType: typeValue, country, businessCountry: country });
      // Two pages and the whole wizard: longer than one page's test on a loaded machine.
    },
    45000,
  );
});
