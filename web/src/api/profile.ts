import { profileSchema, type Profile } from '@app/contracts';
import { z } from 'zod';
import { apiRequest } from './client';

// profileSchema is strict (it guards requests); answers may carry more than the 19 fields, so drop extras.
const profileResponseSchema = z.object(profileSchema.shape);

export function fetchProfile(): Promise<Profile> {
  return apiRequest('/api/user/profile', profileResponseSchema);
}

/** Sends all 19 fields; blanks go as empty strings (spec 5.4). */
export function updateProfile(body: Profile): Promise<Profile> {
  return apiRequest('/api/user/profile', profileResponseSchema, { method: 'PUT', body });
}
