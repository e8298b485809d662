import { KycVerification } from './kyc/kyc-verification.entity';
import { RefreshToken } from './sessions/refresh-token.entity';
import { OneTimeToken } from './tokens/one-time-token.entity';
import { User } from './users/user.entity';
import { CreateIdentityTables1763769600100 } from '../migrations/1763769600100-create-identity-tables';
import { RefreshTokenSuccessor1765324800100 } from '../migrations/1765324800100-refresh-token-successor';
import { KycVerifications1765843200100 } from '../migrations/1765843200100-kyc-verifications';

export const identityDatabase = {
  schema: 'identity',
  entities: [User, OneTimeToken, RefreshToken, KycVerification],
  migrations: [CreateIdentityTables1763769600100, RefreshTokenSuccessor1765324800100, KycVerifications1765843200100],
};
