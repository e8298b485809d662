import { route } from '../route';
import { mailPreferencesSchema, updateMailPreferencesRequestSchema } from '../../mail-preferences';

const service = 'profile';
const tag = 'Profile';

/** Issue 39: which optional transactional mail the signed-in member receives (the profile service owns it). */
export const mailPreferenceRoutes = [
  route({
    id: 'getMailPreferences',
    method: 'GET',
    path: '/api/user/mail-preferences',
    service,
    summary: 'Which optional mail the user receives (support replies, investment updates, payout notices).',
    tag,
    access: 'verified',
    response: mailPreferencesSchema,
  }),
  route({
    id: 'updateMailPreferences',
    method: 'PUT',
    path: '/api/user/mail-preferences',
    service,
    summary: 'Turns optional mail on or off; receipts, KYC results and security mail cannot be turned off.',
    tag,
    access: 'verified',
    body: updateMailPreferencesRequestSchema,
    response: mailPreferencesSchema,
  }),
] as const;
