import { affiliateMessages } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody, type MockResponse } from '../../../test/render';
import { AffiliateRegisterPage } from './AffiliateRegisterPage';

type User = ReturnType<typeof renderPage>['user'];

const signedInUser = {
  id: 'u1',
  email: 'jane@acme.example',
  username: 'jane',
  role: 'user',
  emailVerified: true,
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme Consulting',
};

const profile = {
  id: 'aff-1',
  companyName: 'Acme Consulting',
  website: 'https://acme.example',
  businessType: 'consulting',
  contactEmail: 'jane@acme.example',
  contactName: 'Jane Doe',
  phoneNumber: '+64 21 555 0100',
  referralCode: 'ACME4821',
  status: 'pending',
  totalEarnings: '0.00',
  currentBalance: '0.00',
  commissionRate: '15.00',
  tier: { id: 'starter', name: 'Starter' },
  cookieDays: 30,
  isDemo: false,
  createdAt: '2026-11-22T03:00:00.000Z',
};

const description = 'We advise New Zealand retailers on payments, checkout and their online shops.';

/** Answers the session check and the application; records nothing else. */
function serve({
  me = { body: signedInUser },
  register = { status: 201, body: profile },
  apply = {
    status: 201,
    body: { success: true, message: 'Application submitted.', email: 'jane@acme.example' },
  },
}: Record<string, MockResponse>) {
  return mockFetch((url) => {
    if (url === '/api/auth/me') return me;
    if (url === '/api/auth/refresh') return { status: 401, body: { error: 'UNAUTHENTICATED', message: 'No session' } };
    if (url === '/api/affiliate/register') return register;
    if (url === '/api/affiliate/apply') return apply;
    return { status: 404, body: { error: 'NOT_FOUND', message: url } };
  });
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: /Submit Application/ });

async function choose(user: User, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByTitle(option));
}

async function fillValidApplication(user: User) {
  await fillIn(user, field('Company Name'), 'Acme Consulting');
  await fillIn(user, field('Website (optional)'), 'https://acme.example');
  await choose(user, 'Business Type', 'Consulting');
  await fillIn(user, field('Contact Name'), 'Jane Doe');
  await fillIn(user, field('Contact Email'), 'jane@acme.example');
  await fillIn(user, field('Phone Number'), '+64 21 555 0100');
  await fillIn(user, field('Business Description'), description);
  await choose(user, 'Marketing Experience', 'Intermediate (2-4 years)');
  await choose(user, 'Expected Monthly Referrals', '4-8 referrals per month');
}

const registerCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/affiliate/register');
const applyCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/affiliate/apply');
const signedOut: MockResponse = { status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } };

describe('AffiliateRegisterPage', () => {
  it('shows the 5.6 messages as the fields change', async () => {
    serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });

    await fillIn(user, field('Company Name'), 'A');
    await fillIn(user, field('Website (optional)'), 'not a url');
    await fillIn(user, field('Contact Name'), 'J');
    await fillIn(user, field('Contact Email'), 'jane@');
    await fillIn(user, field('Phone Number'), '021 555');
    await fillIn(user, field('Business Description'), 'Too short to describe anything.');

    expect(await screen.findByText('Company name must be at least 2 characters')).toBeTruthy();
    expect(await screen.findByText('Please enter a valid website URL')).toBeTruthy();
    expect(await screen.findByText('Contact name must be at least 2 characters')).toBeTruthy();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(await screen.findByText('Please provide at least 50 characters describing your business')).toBeTruthy();

    // Correcting a field clears its message, and an empty website is fine.
    await fillIn(user, field('Website (optional)'), '');
    await waitFor(() => expect(screen.queryByText('Please enter a valid website URL')).toBeNull());
  });

  it('keeps Submit disabled until every required field is valid', async () => {
    const fetchMock = serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });

    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await fillValidApplication(user);
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));

    await fillIn(user, field('Phone Number'), '12345');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true));
    expect(registerCalls(fetchMock)).toHaveLength(0);
  });

  it('highlights the estimate row of the expected referrals chosen', async () => {
    serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    const table = screen.getByRole('table');
    const currentRow = () => table.querySelector('tr[aria-current="true"]');

    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(currentRow()).toBeNull();
    expect(screen.getByText('Choose your expected monthly referrals to see your estimate.')).toBeTruthy();

    await choose(user, 'Expected Monthly Referrals', '4-8 referrals per month');
    await waitFor(() => expect(currentRow()?.textContent).toBe('4-8 referrals per month20%45 days$800-1,600'));
    expect(screen.getByText(/you could earn \$800-1,600 a month at 20% commission/)).toBeTruthy();

    await choose(user, 'Expected Monthly Referrals', '16+ referrals per month');
    await waitFor(() => expect(currentRow()?.textContent).toBe('16+ referrals per month25%60 days$4,000+'));
  });

  it("submits the application, shows 'Application Submitted' and the submitted screen", async () => {
    const fetchMock = serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    await fillValidApplication(user);
    await fillIn(user, field('Additional Information (optional)'), '  ');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    await user.click(submitButton());

    expect(
      await screen.findByText(affiliateMessages.applicationSubmitted, { selector: '.ant-notification *' }),
    ).toBeTruthy();
    expect(screen.getByText('We will review your application within 24 hours.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application Submitted' })).toBeTruthy();
    expect(screen.getByText('ACME4821')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore the affiliate programme' }).getAttribute('href')).toBe(
      '/affiliate',
    );
    expect(screen.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');

    const [call] = registerCalls(fetchMock);
    expect((call?.[1] as RequestInit).method).toBe('POST');
    expect(requestBody(call)).toEqual({
      companyName: 'Acme Consulting',
      website: 'https://acme.example',
      businessType: 'consulting',
      contactName: 'Jane Doe',
      contactEmail: 'jane@acme.example',
      phoneNumber: '+64 21 555 0100',
      businessDescription: description,
      marketingExperience: 'intermediate',
      expectedReferrals: '4-8',
    });
  });

  it("shows 'Submission Failed' with the server's message, or the default one", async () => {
    const fetchMock = serve({
      register: { status: 409, body: { error: 'CONFLICT', message: affiliateMessages.alreadyRegistered } },
    });
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    await fillValidApplication(user);
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    await user.click(submitButton());

    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    expect(screen.getByText(affiliateMessages.alreadyRegistered)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Apply to the Affiliate Programme' })).toBeTruthy();
    expect(registerCalls(fetchMock)).toHaveLength(1);

    serve({ register: { status: 502, text: 'Bad Gateway' } });
    await user.click(submitButton());
    expect(await screen.findByText(affiliateMessages.submissionFailed)).toBeTruthy();
  });

  it('lets a signed-out visitor apply with a new account: one submission, then the e-mail to verify', async () => {
    const fetchMock = serve({ me: signedOut });
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    await fillValidApplication(user);

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('New to the platform?')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/affiliate/login?next=%2Faffiliate%2Fregister',
    );

    // The application alone is not enough: the account needs a password, by registration's rules.
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await fillIn(user, field('Password'), 'password1');
    expect(
      await screen.findByText('Password must contain uppercase, lowercase, number and special character'),
    ).toBeTruthy();
    await fillIn(user, field('Password'), 'Str0ng!Pass');
    await fillIn(user, field('Confirm Password'), 'Str0ng!Pasz');
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await fillIn(user, field('Confirm Password'), 'Str0ng!Pass');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Application Submitted' })).toBeTruthy();
    expect(screen.getByText('jane@acme.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'sign in to your affiliate dashboard' }).getAttribute('href')).toBe(
      '/affiliate/login',
    );
    expect(screen.getByRole('link', { name: 'Explore the affiliate programme' }).getAttribute('href')).toBe(
      '/affiliate',
    );
    expect(screen.getByRole('link', { name: 'Return to the home page' }).getAttribute('href')).toBe('/');
    expect(registerCalls(fetchMock)).toHaveLength(0);
    const [call] = applyCalls(fetchMock);
    expect(applyCalls(fetchMock)).toHaveLength(1);
    expect(requestBody(call)).toEqual({
      companyName: 'Acme Consulting',
      website: 'https://acme.example',
      businessType: 'consulting',
      contactName: 'Jane Doe',
      contactEmail: 'jane@acme.example',
      phoneNumber: '+64 21 555 0100',
      businessDescription: description,
      marketingExperience: 'intermediate',
      expectedReferrals: '4-8',
      password: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pass',
    });
  });

  it("shows the server's rejection of the e-mail at the e-mail field", async () => {
    const taken = 'Please enter a valid email address';
    serve({
      me: signedOut,
      apply: {
        status: 400,
        body: { error: 'VALIDATION_FAILED', message: taken, details: [{ path: 'contactEmail', message: taken }] },
      },
    });
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    await fillValidApplication(user);
    await fillIn(user, field('Password'), 'Str0ng!Pass');
    await fillIn(user, field('Confirm Password'), 'Str0ng!Pass');
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false));
    await user.click(submitButton());

    expect(await screen.findByText('Submission Failed')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(taken).length).toBe(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Apply to the Affiliate Programme' })).toBeTruthy();
  });

  it('asks a signed-in user for no password: the application joins their account', async () => {
    serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await user.click(field('Company Name'));
    await waitFor(() => expect(screen.queryByLabelText('Password')).toBeNull());
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
  });

  it("fills the contact fields from a signed-in user's account", async () => {
    serve({});
    const { user } = renderPage(<AffiliateRegisterPage />, { path: '/affiliate/register' });
    await user.click(field('Company Name'));

    await waitFor(() => expect((field('Contact Email') as HTMLInputElement).value).toBe('jane@acme.example'));
    expect((field('Contact Name') as HTMLInputElement).value).toBe('Jane Doe');
  });
});
