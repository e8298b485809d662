import { profileFields, type Profile } from '@app/contracts';
import type { ProfileRecord } from './profile.entity';

export const toProfile = (record: ProfileRecord | null): Profile =>
  Object.fromEntries(profileFields.map((field) => [field, record?.[field] ?? ''])) as Profile;
