import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../App';
import { mockFetch, renderRoutes } from '../../test/render';

const me = {
  id: 'u1',
  email: 'jane@acme.example',
  username: 'jane',
  role: 'user',
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme',
  emailVerified: true,
};

describe('crypto wallet routes', () => {
  it.each(['/crypto-wallet', '/wallet'])(
    '%s shows the one crypto wallet to a verified user',
    async (url) => {
      const fetchMock = mockFetch((path) => (path === '/api/auth/me' ? { body: me } : { status: 404, body: {} }));
      renderRoutes(<Route path="*" element={<AppRoutes />} />, url);
      // The first visit loads the guarded layout and the page lazily: slow on a busy machine.
      expect(await screen.findByRole('heading', { level: 1, name: 'Crypto Wallet' }, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByText('Quick Crypto Payment')).toBeTruthy();
      // Nothing is read before the user acts: no demo balances, no wallet until one is generated.
      expect(
        fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/crypto')),
      ).toEqual([]);
    },
    30_000,
  );

  it('is guarded: a signed-out visitor is sent to sign in', async () => {
    mockFetch(() => ({ status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } }));
    renderRoutes(<Route path="*" element={<AppRoutes />} />, '/crypto-wallet');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
