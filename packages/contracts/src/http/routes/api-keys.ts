import { z } from 'zod';
import { route } from '../route';
import {
  apiKeyResolutionSchema,
  apiKeyResolveRequestSchema,
  apiKeyViewSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  MAX_ACTIVE_API_KEYS,
} from '../../api-keys';

const service = 'identity';
const tag = 'API keys';
/** Issuing keys is rate limited per client: a stolen session should not mint keys in bulk. */
const managementLimit = [{ setting: 'RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR', windowSeconds: 3600 }] as const;

/**
 * A merchant's API keys (identity). No route here takes an API key: a key cannot manage keys, only
 * a signed-in user with a verified e-mail can.
 */
export const apiKeyRoutes = [
  route({
    id: 'listApiKeys',
    method: 'GET',
    path: '/api/developer/api-keys',
    service,
    summary:
      "The user's active and expiring (rotated) API keys, newest first, masked; revoked and expired keys are left out.",
    tag,
    access: 'verified',
    response: z.array(apiKeyViewSchema),
  }),
  route({
    id: 'createApiKey',
    method: 'POST',
    path: '/api/developer/api-keys',
    service,
    summary: `Issues a live or test key with the read, write and webhooks scopes chosen (webhooks, which lets a key register webhook endpoints, change their URLs and rotate their secrets, only beside write); the answer carries the key, shown this once. At most ${MAX_ACTIVE_API_KEYS} active keys (409 beyond). API keys cannot call this or any route here.`,
    tag,
    access: 'verified',
    rateLimits: managementLimit,
    body: createApiKeyRequestSchema,
    response: createdApiKeySchema,
    status: 201,
  }),
  route({
    id: 'rotateApiKey',
    method: 'POST',
    path: '/api/developer/api-keys/:id/rotate',
    service,
    summary:
      'Issues a replacement with the same name, mode and scopes (shown this once); the old key keeps working for a short overlap, then is refused.',
    tag,
    access: 'verified',
    rateLimits: managementLimit,
    response: createdApiKeySchema,
    status: 201,
  }),
  route({
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/api/developer/api-keys/:id',
    service,
    summary: 'Revokes a key at once: calls with it are refused within seconds.',
    tag,
    access: 'verified',
    status: 204,
  }),
  route({
    id: 'resolveApiKey',
    method: 'POST',
    path: '/internal/api-keys/resolve',
    service,
    summary:
      "The gateway's check of a key: its owner, mode and scopes and a short-lived access token for the owner (401 for an unknown, revoked or expired key).",
    tag,
    access: 'internal',
    body: apiKeyResolveRequestSchema,
    response: apiKeyResolutionSchema,
  }),
] as const;
