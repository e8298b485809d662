import { routeById, type MailPreferences, type UpdateMailPreferencesRequest } from '@app/contracts';
import { callRoute } from './client';

/** GET /api/user/mail-preferences: which optional mail the member receives. */
export function fetchMailPreferences(): Promise<MailPreferences> {
  return callRoute(routeById('getMailPreferences'));
}

/** PUT /api/user/mail-preferences: the choices changed; the answer is all of them. */
export function updateMailPreferences(body: UpdateMailPreferencesRequest): Promise<MailPreferences> {
  return callRoute(routeById('updateMailPreferences'), { body });
}
