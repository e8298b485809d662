import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody } from '../../../test/render';
import { AffiliateLoginPage } from './AffiliateLoginPage';

const signedInUser = {
  id: 'u1',
  email: 'jane@example.com',
  username: 'jane',
  role: 'user',
  emailVerified: true,
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: null,
};

describe('AffiliateLoginPage', () => {
  it('signs in with the platform account and goes to the affiliate dashboard', async () => {
    const fetchMock = mockFetch(() => ({ body: signedInUser }));
    const { user } = renderPage(<AffiliateLoginPage />, { path: '/affiliate/login' });

    await fillIn(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/affiliate/dashboard');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(requestBody(fetchMock.mock.calls[0])).toEqual({ email: 'jane@example.com', password: 'Str0ng!Pass' });
  });

  it('returns to an affiliate page named in ?next=, never to another site', async () => {
    mockFetch(() => ({ body: signedInUser }));
    const first = renderPage(<AffiliateLoginPage />, {
      path: '/affiliate/login',
      url: '/affiliate/login?next=%2Faffiliate%2Fmarketing-toolkit',
    });
    await fillIn(first.user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(first.user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await first.user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/affiliate/marketing-toolkit');
    first.unmount();

    const second = renderPage(<AffiliateLoginPage />, {
      path: '/affiliate/login',
      url: '/affiliate/login?next=%2F%2Fevil.example%2Faffiliate%2F',
    });
    await fillIn(second.user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(second.user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await second.user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/affiliate/dashboard');
  });

  it("shows 'Login Failed' with the server's message and stays", async () => {
    mockFetch(() => ({
      status: 401,
      body: { error: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' },
    }));
    const { user } = renderPage(<AffiliateLoginPage />, { path: '/affiliate/login' });

    await fillIn(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('The email or password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Affiliate Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply to join the programme' }).getAttribute('href')).toBe(
      '/affiliate/register',
    );
  });
});
