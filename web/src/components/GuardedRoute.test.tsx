import { emptyProfile } from '@app/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from '../pages/DashboardPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { LoginPage } from '../pages/LoginPage';
import { fillIn, mockFetch, renderRoutes, requestBody } from '../test/render';
import { GuardedRoute } from './GuardedRoute';

const user = {
  id: 'u1',
  email: 'jane@acme.example',
  username: 'jane',
  role: 'user',
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme Ltd',
};

const guardedRoutes = (
  <Route element={<GuardedRoute />}>
    <Route path="/dashboard" element={<DashboardPage />} />
    <Route path="/settings" element={<SettingsPage />} />
  </Route>
);

describe('GuardedRoute', () => {
  it('sends a signed-out deep link to sign in, and back to that page after signing in (issue 39)', async () => {
    let signedIn = false;
    mockFetch((url, init) => {
      if (url === '/api/auth/login' && init?.method === 'POST') {
        signedIn = true;
        return { body: { ...user, emailVerified: true } };
      }
      if (url === '/api/user/profile') return { body: { ...emptyProfile(), firstName: 'Jane' } };
      if (signedIn) return { body: { ...user, emailVerified: true } };
      return { status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } };
    });
    const { user: person } = renderRoutes(
      <>
        {guardedRoutes}
        <Route path="/login" element={<LoginPage />} />
      </>,
      '/settings?tab=business',
    );
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    await fillIn(person, screen.getByLabelText('Email'), 'jane@acme.example');
    await fillIn(person, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Jane')).toBeTruthy();
  });

  it('keeps the page asked for, with its query, in ?next=', async () => {
    mockFetch(() => ({ status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } }));
    renderRoutes(guardedRoutes, '/settings?tab=business');
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fsettings%3Ftab%3Dbusiness');
  });

  it('shows the page to a verified user', async () => {
    mockFetch(() => ({ body: { ...user, emailVerified: true } }));
    renderRoutes(guardedRoutes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeTruthy();
  });

  it('shows the verification gate to an unverified user and resends the email', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/send-verification'
        ? { body: { success: true, message: 'Sent' } }
        : { body: { ...user, emailVerified: false } },
    );
    const { user: person } = renderRoutes(guardedRoutes, '/dashboard');

    expect(await screen.findByText('jane@acme.example')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeNull();
    await person.click(screen.getByText('Resend Verification Email'));

    expect(await screen.findByText('Verification Email Sent')).toBeTruthy();
    expect(screen.getByText('Send Again')).toBeTruthy();
    const send = fetchMock.mock.calls.find(([url]) => url === '/api/auth/send-verification');
    expect(requestBody(send)).toEqual({ email: 'jane@acme.example', userId: 'u1' });
  });

  it('shows the gate when a guarded call answers EMAIL_NOT_VERIFIED', async () => {
    mockFetch((url) =>
      url === '/api/user/profile'
        ? { status: 403, body: { error: 'EMAIL_NOT_VERIFIED', message: 'Verify your email first.' } }
        : { body: { ...user, emailVerified: true } },
    );
    renderRoutes(guardedRoutes, '/settings');
    expect(await screen.findByText('Resend Verification Email')).toBeTruthy();
    expect(screen.queryByText('Error Loading Profile')).toBeNull();
  });

  it('keeps a verified user on the page when the profile loads', async () => {
    mockFetch((url) =>
      url === '/api/user/profile'
        ? { body: { ...emptyProfile(), firstName: 'Jane' } }
        : { body: { ...user, emailVerified: true } },
    );
    renderRoutes(guardedRoutes, '/settings');
    expect(await screen.findByDisplayValue('Jane')).toBeTruthy();
  });
});
