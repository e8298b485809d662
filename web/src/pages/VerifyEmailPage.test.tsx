import { missingVerificationTokenMessage } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage } from '../test/render';
import { VerifyEmailPage } from './VerifyEmailPage';

describe('VerifyEmailPage', () => {
  it('explains a link without a token and never calls the server', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderPage(<VerifyEmailPage />, { path: '/verify-email' });

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText(missingVerificationTokenMessage)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Registration Again' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Sign In Instead' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies the token once and offers to continue to sign in', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, message: 'Your email has been verified.' } }));
    renderPage(<VerifyEmailPage />, { path: '/verify-email', url: '/verify-email?token=abc123' });

    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeTruthy();
    expect(screen.getByText('Your email has been verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toBeTruthy();
    const verifyCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/verify-email'));
    expect(verifyCalls.map(([url]) => url)).toEqual(['/api/auth/verify-email?token=abc123']);
  });

  it("shows the server's message when the token is rejected", async () => {
    mockFetch(() => ({
      status: 400,
      body: { error: 'INVALID_TOKEN', message: 'This verification link has expired.' },
    }));
    renderPage(<VerifyEmailPage />, { path: '/verify-email', url: '/verify-email?token=old' });

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('This verification link has expired.')).toBeTruthy();
  });
});
