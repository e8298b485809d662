import type { MailPreferences } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage, requestBody, type MockResponse } from '../../test/render';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';

const path = '/api/user/mail-preferences';

function renderCard(stored: MailPreferences, put?: (body: Partial<MailPreferences>) => MockResponse) {
  let current = { ...stored };
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === path && method === 'GET') return { body: current };
    if (url === path && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as Partial<MailPreferences>;
      const answer = put?.(body);
      if (answer) return answer;
      current = { ...current, ...body };
      return { body: current };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: `No fake for ${method} ${url}` } };
  });
  return { ...renderPage(<NotificationPreferencesCard />, { path: '/settings' }), fetchMock };
}

const toggle = (name: string) => screen.findByRole('switch', { name });

describe('Settings → Notifications', { timeout: 30_000 }, () => {
  it('shows each optional mail as stored, and says which mail is always sent', async () => {
    renderCard({ supportReplies: true, investmentUpdates: false, payoutNotices: true });
    expect((await toggle('Support replies')).getAttribute('aria-checked')).toBe('true');
    expect((await toggle('Investment updates')).getAttribute('aria-checked')).toBe('false');
    expect((await toggle('Affiliate payouts')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/Always sent.*payment receipts, identity verification results/)).toBeTruthy();
    // Receipts and KYC results have no switch.
    expect(screen.getAllByRole('switch')).toHaveLength(3);
  });

  it('turns support-reply mail off with one request naming only that choice', async () => {
    const { user, fetchMock } = renderCard({ supportReplies: true, investmentUpdates: true, payoutNotices: true });
    await user.click(await toggle('Support replies'));
    await waitFor(() => expect(callsTo(fetchMock, path, 'PUT')).toHaveLength(1));
    expect(requestBody(callsTo(fetchMock, path, 'PUT')[0])).toEqual({ supportReplies: false });
    await waitFor(async () => expect((await toggle('Support replies')).getAttribute('aria-checked')).toBe('false'));
    expect((await toggle('Investment updates')).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Support replies emails are off.')).toBeTruthy();
  });

  it('keeps the stored choice and says so when the change is refused', async () => {
    const { user } = renderCard({ supportReplies: true, investmentUpdates: true, payoutNotices: true }, () => ({
      status: 503,
      body: { error: 'SERVICE_UNAVAILABLE', message: 'Profile is unavailable right now.' },
    }));
    await user.click(await toggle('Affiliate payouts'));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect((await toggle('Affiliate payouts')).getAttribute('aria-checked')).toBe('true');
  });

  it('offers a retry when the choices cannot be loaded', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() =>
      ++calls === 1
        ? { status: 500, body: { error: 'INTERNAL', message: 'boom' } }
        : { body: { supportReplies: false, investmentUpdates: true, payoutNotices: true } },
    );
    const { user } = renderPage(<NotificationPreferencesCard />, { path: '/settings' });
    expect(await screen.findByText('Error Loading Notification Settings')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await toggle('Support replies')).getAttribute('aria-checked')).toBe('false');
    expect(fetchMock).toHaveBeenCalled();
  });
});
