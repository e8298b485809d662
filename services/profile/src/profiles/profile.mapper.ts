import { emptyUserProfile, userProfileFields, type UserProfile } from '@app/contracts';
import type { ProfileRecord } from './profile.entity';

export const toProfile = (record: ProfileRecord | null): UserProfile => {
  const empty = emptyUserProfile();
  return Object.fromEntries(userProfileFields.map((field) => [field, record?.[field] ?? empty[field]])) as UserProfile;
};
