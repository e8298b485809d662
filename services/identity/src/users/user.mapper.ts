import type { CurrentUser } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { User } from './user.entity';

export const toCurrentUser = (user: User): CurrentUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  role: user.role,
  emailVerified: user.emailVerified,
  kycStatus: user.kycStatus,
  firstName: user.firstName,
  lastName: user.lastName,
  companyName: user.businessName,
});

export const toAuthUser = (user: User): AuthUser => ({
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
});
