import { routeById, type Profile } from '@app/contracts';
import { callRoute } from './client';

/** GET /api/user/profile: the route's answer schema drops fields beyond the 19 (only requests are strict). */
export function fetchProfile(): Promise<Profile> {
  return callRoute(routeById('getProfile'));
}

/** Sends all 19 fields; blanks go as empty strings (spec 5.4). */
export function updateProfile(body: Profile): Promise<Profile> {
  return callRoute(routeById('updateProfile'), { body });
}
