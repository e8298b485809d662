import { describe, expect, it } from 'vitest';
import { kycVerification as verification } from './fixtures';
import { canStartKyc, identityProviderState, identityProviderStateLabel, kycLabel, kycRetryReason } from './kyc';

describe('kycLabel', () => {
  it.each([
    ['verified', 'KYC Active', 'green'],
    ['processing', 'KYC Processing', 'blue'],
    ['requires_input', 'KYC Action Required', 'orange'],
    ['pending', 'KYC Pending', 'gold'],
  ])('%s reads %s (%s)', (status, text, color) => {
    expect(kycLabel(status)).toEqual({ text, color });
  });

  it('reads any other stored value as pending, as the KYC gate does (only verified is cleared)', () => {
    expect(kycLabel('approved')).toEqual({ text: 'KYC Pending', color: 'gold' });
    expect(kycLabel('')).toEqual({ text: 'KYC Pending', color: 'gold' });
  });
});

describe('identityProviderState', () => {
  it("follows the latest verification's provider state", () => {
    expect(identityProviderStateLabel(identityProviderState('requires_input', verification())).text).toBe(
      'Awaiting your input',
    );
    expect(
      identityProviderStateLabel(identityProviderState('pending', verification({ status: 'canceled' }))).text,
    ).toBe('Cancelled');
    expect(
      identityProviderStateLabel(identityProviderState('verified', verification({ status: 'verified' }))).text,
    ).toBe('Verified');
  });

  it('is Not started without a verification, unless the account is verified or processing', () => {
    expect(identityProviderStateLabel(identityProviderState('pending', null)).text).toBe('Not started');
    expect(identityProviderStateLabel(identityProviderState('verified', null)).text).toBe('Verified');
    expect(identityProviderStateLabel(identityProviderState('processing', null)).text).toBe('Processing');
  });
});

describe('canStartKyc and kycRetryReason', () => {
  it('offers verification except while processing or once verified', () => {
    expect(['pending', 'requires_input', 'processing', 'verified'].map(canStartKyc)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("gives the provider's reason only when the account needs the user's input", () => {
    const failed = verification({ lastError: { code: 'document_expired', reason: 'The document has expired.' } });
    expect(kycRetryReason('requires_input', failed)).toBe('The document has expired.');
    expect(kycRetryReason('pending', failed)).toBeUndefined();
    expect(kycRetryReason('requires_input', verification())).toBeUndefined();
  });
});
