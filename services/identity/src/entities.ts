import { ApiKey } from './api-keys/api-key.entity';
import { KycVerification } from './kyc/kyc-verification.entity';
import { RefreshToken } from './sessions/refresh-token.entity';
import { OneTimeToken } from './tokens/one-time-token.entity';
import { User } from './users/user.entity';
import { CreateIdentityTables1763769600100 } from '../migrations/1763769600100-create-identity-tables';
import { RefreshTokenSuccessor1765324800100 } from '../migrations/1765324800100-refresh-token-successor';
import { KycVerifications1765843200100 } from '../migrations/1765843200100-kyc-verifications';
import { CreateApiKeys1767225600100 } from '../migrations/1767225600100-create-api-keys';
import { AffiliateApplicantAccounts1767312000100 } from '../migrations/1767312000100-affiliate-applicant-accounts';
import { ApiKeyWebhooksScope1767398400300 } from '../migrations/1767398400300-api-key-webhooks-scope';

export const identityDatabase = {
  schema: 'identity',
  entities: [User, OneTimeToken, RefreshToken, KycVerification, ApiKey],
  migrations: [
    CreateIdentityTables1763769600100,
    RefreshTokenSuccessor1765324800100,
    KycVerifications1765843200100,
    CreateApiKeys1767225600100,
    AffiliateApplicantAccounts1767312000100,
    ApiKeyWebhooksScope1767398400300,
  ],
};
