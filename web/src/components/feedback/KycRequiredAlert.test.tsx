import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { renderPage } from '../../test/render';
import { KycRequiredAlert } from './KycRequiredAlert';

const refusal = (status: number, body: unknown) => new ApiError(status, 'Forbidden', JSON.stringify(body));

describe('KycRequiredAlert', () => {
  it("shows the server's message and the way to Settings → Verification for a 403 KYC_REQUIRED", async () => {
    const message =
      'Please complete KYC verification first: verify your identity under Settings → Verification before requesting a payout.';
    renderPage(<KycRequiredAlert error={refusal(403, { error: 'KYC_REQUIRED', message })} />, { path: '/' });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start verification' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
  });

  it.each([
    ['another 403', refusal(403, { error: 'FORBIDDEN', message: 'Not allowed.' })],
    ['a failure without a body', new ApiError(503, 'Service Unavailable', '')],
    ['a network error', new TypeError('Failed to fetch')],
    ['no error', null],
  ])('renders nothing for %s', async (_name, error) => {
    renderPage(
      <>
        <p>page</p>
        <KycRequiredAlert error={error} />
      </>,
      { path: '/' },
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start verification' })).toBeNull();
  });
});
