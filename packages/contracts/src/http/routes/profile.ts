import { z } from 'zod';
import { route } from '../route';
import { updateProfileRequestSchema, userProfileSchema } from '../../profile';

const service = 'profile';
const tag = 'Profile';

/**
 * userProfileSchema is strict (it guards requests); an answer may carry more than its fields (the web
 * app reads it so too), and one from before issue 39 reads as no NZBN and not GST registered.
 */
const profileResponseSchema = z.object({
  ...userProfileSchema.shape,
  nzbn: userProfileSchema.shape.nzbn.default(''),
  gstRegistered: userProfileSchema.shape.gstRegistered.default(false),
});

/** Spec 3.5: the signed-in user's personal and business details (profile). */
export const profileRoutes = [
  route({
    id: 'getProfile',
    method: 'GET',
    path: '/api/user/profile',
    service,
    summary: "The user's personal and business details.",
    tag,
    access: 'verified',
    apiKey: 'read',
    response: profileResponseSchema,
  }),
  route({
    id: 'updateProfile',
    method: 'PUT',
    path: '/api/user/profile',
    service,
    summary: "Changes the user's personal and business details; the answer is the whole profile.",
    tag,
    access: 'verified',
    apiKey: 'write',
    body: updateProfileRequestSchema,
    response: profileResponseSchema,
  }),
] as const;
