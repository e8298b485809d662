import type { KycAdminVerification } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../App';
import { mockFetch, renderRoutes, type MockResponse } from '../../test/render';
import { kycVerification } from '../dashboard/fixtures';

const me = {
  id: 'u1',
  email: 'ops@platform.example',
  username: 'ops',
  kycStatus: 'verified',
  emailVerified: true,
  firstName: 'Ops',
  lastName: 'Person',
  companyName: null,
};

const listPath = '/api/kyc/admin/verifications';

const verified: KycAdminVerification = {
  ...kycVerification({
    id: 'kv-1',
    providerSessionId: 'vs_verified_0001',
    status: 'verified',
    verifiedName: 'Ana Kauri',
    verifiedAt: '2026-11-21T09:00:00.000Z',
    checks: { document: 'verified', selfie: 'verified' },
    business: { country: 'New Zealand', nzbn: '9412345678904', businessNumber: '1234567', taxNumber: '49091850' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T09:01:00.000Z',
  }),
  userId: 'u2',
  email: 'ana@kauri.example',
  businessName: 'Kauri Ltd',
  kycStatus: 'verified',
};

const retry: KycAdminVerification = {
  ...kycVerification({
    id: 'kv-2',
    providerSessionId: 'vs_retry_0002',
    lastError: { code: 'document_expired', reason: 'The document has expired.' },
    checks: { document: 'unverified' },
  }),
  userId: 'u3',
  email: 'tom@harbour.example',
  businessName: 'Harbour Co',
  kycStatus: 'requires_input',
};

function renderAdmin(role: string, handler: (url: string) => MockResponse | undefined = () => undefined) {
  const fetchMock = mockFetch((url) => {
    if (url === '/api/auth/me') return { body: { ...me, role } };
    if (url === '/api/analytics/events') return { status: 202, body: { accepted: true, id: 'e1' } };
    return handler(url) ?? { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
  return { ...renderRoutes(<Route path="*" element={<AppRoutes />} />, '/admin/kyc'), fetchMock };
}

const rowOf = (table: HTMLElement, email: string) => within(table).getByText(email).closest('tr') as HTMLElement;

describe('/admin/kyc', () => {
  it("shows 'Not authorised' to a user who is not an admin, and calls no admin endpoint", async () => {
    const { fetchMock } = renderAdmin('user');
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'KYC Verifications' })).toBeNull();
  });

  it('lists who verified what and when, with the business numbers, and filters by status', async () => {
    const { user } = renderAdmin('admin', (url) =>
      url === listPath ? { body: { verifications: [verified, retry] } } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'KYC Verifications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'KYC Verifications' }).getAttribute('href')).toBe('/admin/kyc');
    const table = await screen.findByRole('table');
    await within(table).findByText('ana@kauri.example');

    const done = within(rowOf(table, 'ana@kauri.example'));
    expect(done.getByText('Kauri Ltd')).toBeTruthy();
    expect(done.getByText('KYC Active')).toBeTruthy();
    expect(done.getByText('vs_verified_0001')).toBeTruthy();
    expect(done.getByText('Ana Kauri')).toBeTruthy();
    expect(done.getByText('Nov 21, 2026, 9:00 AM')).toBeTruthy();
    expect(done.getByText('Document: verified')).toBeTruthy();
    expect(done.getByText('Selfie: verified')).toBeTruthy();
    expect(done.getByText('9412345678904')).toBeTruthy();
    expect(done.getByText('1234567')).toBeTruthy();
    expect(done.getByText('49091850')).toBeTruthy();
    expect(done.getByText('Nov 20, 2026, 10:00 AM')).toBeTruthy();
    expect(done.getByText('Nov 21, 2026, 9:01 AM')).toBeTruthy();

    const open = within(rowOf(table, 'tom@harbour.example'));
    expect(open.getByText('KYC Action Required')).toBeTruthy();
    expect(open.getByText('Session: Awaiting your input')).toBeTruthy();
    expect(open.getByText('The document has expired.')).toBeTruthy();
    expect(open.getByText('Document: unverified')).toBeTruthy();
    expect(open.getByText('None given')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = await screen.findAllByTitle('Requires input');
    await user.click(options[options.length - 1]!);
    expect(await within(table).findByText('tom@harbour.example')).toBeTruthy();
    expect(within(table).queryByText('ana@kauri.example')).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    renderAdmin('admin', (url) =>
      url === listPath ? { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Down' } } : undefined,
    );
    expect(await screen.findByText('Failed to load your verifications.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
