import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockFetch, renderPage, requestBody } from '../test/render';
import { LoginPage } from './LoginPage';

describe('LoginPage', () => {
  it("shows 'Login Failed' with the server's message and stays on the page", async () => {
    const fetchMock = mockFetch(() => ({
      status: 401,
      body: { error: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' },
    }));
    const { user } = renderPage(<LoginPage />, { path: '/login' });

    await fillIn(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('The email or password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestBody(fetchMock.mock.calls[0])).toEqual({ email: 'jane@example.com', password: 'Wrong-pass1' });
  });

  it('validates the fields before sending', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderPage(<LoginPage />, { path: '/login' });

    await fillIn(user, screen.getByLabelText('Email'), 'not-an-email');
    await fillIn(user, screen.getByLabelText('Password'), 'short');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in and goes to the dashboard', async () => {
    mockFetch(() => ({
      body: {
        id: 'u1',
        email: 'jane@example.com',
        username: 'jane',
        role: 'user',
        emailVerified: true,
        kycStatus: 'pending',
        firstName: 'Jane',
        lastName: 'Doe',
        companyName: null,
      },
    }));
    const { user } = renderPage(<LoginPage />, { path: '/login' });

    await fillIn(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('tells a new applicant to verify their email', () => {
    mockFetch(() => ({ body: {} }));
    renderPage(<LoginPage />, { path: '/login', url: '/login?message=verify-email' });
    expect(screen.getByText(/Registration complete\. Please check your email/)).toBeTruthy();
  });

  it('returns to checkout after signing in, and to the dashboard for a foreign next', async () => {
    mockFetch(() => ({
      body: {
        id: 'u1',
        email: 'jane@example.com',
        username: 'jane',
        role: 'user',
        emailVerified: true,
        kycStatus: 'pending',
        firstName: 'Jane',
        lastName: 'Doe',
        companyName: null,
      },
    }));
    const next = encodeURIComponent('/payment?plan=pro&cycle=annual');
    const { user, unmount } = renderPage(<LoginPage />, { path: '/login', url: `/login?next=${next}` });

    expect(screen.getByText(/Sign in to finish your checkout/)).toBeTruthy();
    await fillIn(user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/payment?plan=pro&cycle=annual');
    unmount();

    const other = renderPage(<LoginPage />, { path: '/login', url: '/login?next=//evil.example/x' });
    await fillIn(other.user, screen.getByLabelText('Email'), 'jane@example.com');
    await fillIn(other.user, screen.getByLabelText('Password'), 'Str0ng!Pass');
    await other.user.keyboard('{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });
});
