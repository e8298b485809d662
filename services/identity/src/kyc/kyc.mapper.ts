import type {
  KycAdminVerification,
  KycSessionStatus,
  KycStatus,
  KycVerification as KycVerificationBody,
} from '@app/contracts';
import type { KycVerification } from './kyc-verification.entity';
import type { KycVerificationOfAccount } from './kyc-verifications.repository';

export const toKycVerification = (verification: KycVerification): KycVerificationBody => ({
  id: verification.id,
  providerSessionId: verification.providerSessionId,
  provider: 'stripe_identity',
  status: verification.status as KycSessionStatus,
  lastError: verification.lastErrorReason
    ? { code: verification.lastErrorCode, reason: verification.lastErrorReason }
    : null,
  verifiedName: verification.verifiedName,
  verifiedAt: verification.verifiedAt?.toISOString() ?? null,
  checks: verification.checks ?? {},
  business: verification.businessCountry
    ? {
        country: verification.businessCountry,
        nzbn: verification.nzbn,
        businessNumber: verification.businessNumber,
        taxNumber: verification.taxNumber,
      }
    : null,
  createdAt: verification.createdAt.toISOString(),
  updatedAt: verification.updatedAt.toISOString(),
});

export const toKycAdminVerification = (row: KycVerificationOfAccount): KycAdminVerification => ({
  ...toKycVerification(row.verification),
  userId: row.verification.userId,
  email: row.email,
  businessName: row.businessName,
  kycStatus: row.kycStatus as KycStatus,
});
