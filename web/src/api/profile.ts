import { routeById, type UserProfile } from '@app/contracts';
import { callRoute } from './client';

/** GET /api/user/profile: the route's answer schema drops fields it does not name (only requests are strict). */
export function fetchProfile(): Promise<UserProfile> {
  return callRoute(routeById('getProfile'));
}

/** Sends every field; blanks go as empty strings (spec 5.4). */
export function updateProfile(body: UserProfile): Promise<UserProfile> {
  return callRoute(routeById('updateProfile'), { body });
}
