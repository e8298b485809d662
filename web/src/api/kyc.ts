import {
  ErrorCode,
  routeById,
  type KycAdminVerificationsResponse,
  type KycStatusResponse,
  type StartKycVerificationRequest,
  type StartKycVerificationResponse,
} from '@app/contracts';
import { ApiError, callRoute } from './client';

/** GET /api/kyc/status: the account's KYC status and its latest verification. */
export function fetchKycStatus(): Promise<KycStatusResponse> {
  return callRoute(routeById('getKycStatus'));
}

/** The provider's hosted page must be a web address: never a javascript: or data: URL. */
const isWebAddress = (url: string): boolean => {
  try {
    return ['https:', 'http:'].includes(new URL(url, window.location.origin).protocol);
  } catch {
    return false;
  }
};

/** POST /api/kyc/verification: starts (or retries) verification; the answer's url is the provider's page. */
export async function startKycVerification(body: StartKycVerificationRequest): Promise<StartKycVerificationResponse> {
  const started = await callRoute(routeById('startKycVerification'), { body });
  if (!isWebAddress(started.url)) throw new Error('The verification provider returned an invalid address.');
  return started;
}

/** GET /api/kyc/admin/verifications (admin role): every verification, who verified what and when. */
export function fetchKycAdminVerifications(): Promise<KycAdminVerificationsResponse> {
  return callRoute(routeById('listKycVerifications'));
}

/** The 403 a KYC-gated operation answers with while the account is not verified. */
export const isKycRequiredError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === ErrorCode.KycRequired;
