import { CreateProfiles1763769600200 } from '../migrations/1763769600200-create-profiles';
import { ProfileOptionValues1767312000200 } from '../migrations/1767312000200-profile-option-values';
import { ProfileRegistrationNumbers1767916800200 } from '../migrations/1767916800200-profile-registration-numbers';
import { MailPreferences1767916800300 } from '../migrations/1767916800300-mail-preferences';
import { MailPreferencesRecord } from './preferences/mail-preferences.entity';
import { ProfileRecord } from './profiles/profile.entity';

export const profileDatabase = {
  schema: 'profile',
  entities: [ProfileRecord, MailPreferencesRecord],
  migrations: [
    CreateProfiles1763769600200,
    ProfileOptionValues1767312000200,
    ProfileRegistrationNumbers1767916800200,
    MailPreferences1767916800300,
  ],
};
