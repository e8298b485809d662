import { ErrorCode, kycStatuses, type KycSessionStatus, type KycStatus, type KycVerification } from '@app/contracts';
import { ApiError } from '../../api/client';
import type { ToastOptions } from '../../hooks/useToast';

export interface KycTagLabel {
  text: string;
  color: string;
}

const statusLabels: Record<KycStatus, KycTagLabel> = {
  verified: { text: 'KYC Active', color: 'green' },
  processing: { text: 'KYC Processing', color: 'blue' },
  requires_input: { text: 'KYC Action Required', color: 'orange' },
  pending: { text: 'KYC Pending', color: 'gold' },
};

export const isKycStatus = (status: string): status is KycStatus => (kycStatuses as readonly string[]).includes(status);

/**
 * users.kycStatus as an indicator: 'KYC Active' only once the identity check passed. Any other
 * stored value reads as pending, as the KYC gate treats it (only 'verified' is cleared).
 */
export function kycLabel(status: string): KycTagLabel {
  return isKycStatus(status) ? statusLabels[status] : statusLabels.pending;
}

/** The identity provider's name as users and ops see it. */
export const identityProviderName = 'Stripe Identity';

export type IdentityProviderState = KycSessionStatus | 'not_started';

const providerStateLabels: Record<IdentityProviderState, KycTagLabel> = {
  not_started: { text: 'Not started', color: 'default' },
  requires_input: { text: 'Awaiting your input', color: 'orange' },
  processing: { text: 'Processing', color: 'blue' },
  verified: { text: 'Verified', color: 'green' },
  canceled: { text: 'Cancelled', color: 'default' },
};

/**
 * The provider's state of the latest verification; without one, what the account's status says
 * (an account verified before verifications were kept reads as verified).
 */
export function identityProviderState(kycStatus: string, verification: KycVerification | null): IdentityProviderState {
  if (verification) return verification.status;
  if (kycStatus === 'verified' || kycStatus === 'processing') return kycStatus;
  return 'not_started';
}

export const identityProviderStateLabel = (state: IdentityProviderState): KycTagLabel => providerStateLabels[state];

/** Whether the user can (re)start verification: not while the provider is checking, not once verified. */
export const canStartKyc = (kycStatus: string): boolean => kycStatus !== 'verified' && kycStatus !== 'processing';

/** The provider's reason for asking the user to try again, when the account needs their input. */
export const kycRetryReason = (kycStatus: string, verification: KycVerification | null): string | undefined =>
  kycStatus === 'requires_input' ? verification?.lastError?.reason || undefined : undefined;

/** The toast for a verification that could not be started: the server's message (already verified is news, not a failure). */
export function kycStartFailedToast(error: unknown): ToastOptions {
  const apiError = error instanceof ApiError ? error : undefined;
  const alreadyVerified = apiError?.code === ErrorCode.AlreadyVerified;
  return {
    title: alreadyVerified ? 'Already Verified' : 'Verification Not Started',
    description: apiError?.serverMessage || 'Identity verification could not be started. Please try again.',
    variant: alreadyVerified ? 'default' : 'destructive',
  };
}
