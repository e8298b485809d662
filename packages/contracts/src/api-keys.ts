import { z } from 'zod';
import { integrationMessages } from './integrations';

/**
 * API keys (issue 20): a merchant's programs call the API with `Authorization: Bearer <key>`.
 * Identity issues them and stores only their SHA-256; the gateway resolves a key through identity
 * (cached at most API_KEY_CACHE_MS, so a revoked key stops working within seconds) and forwards
 * the call with a short-lived access token for the key's owner, as for a session.
 */
export const apiKeyModes = ['live', 'test'] as const;
export type ApiKeyMode = (typeof apiKeyModes)[number];
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScopeName = (typeof apiKeyScopes)[number];

/** `mp_live_` or `mp_test_`, then 32 base62 characters (~190 bits). */
export const API_KEY_PATTERN = /^mp_(live|test)_[A-Za-z0-9]{32}$/;
export const isApiKey = (value: string): boolean => API_KEY_PATTERN.test(value);
export const apiKeyModeOf = (key: string): ApiKeyMode => (key.startsWith('mp_test_') ? 'test' : 'live');

/** The session id (`sid` claim) of the access tokens minted for a key: revoking the key revokes it. */
export const apiKeySessionId = (keyId: string): string => `apikey:${keyId}`;

/** The longest a gateway trusts a resolved key without asking identity again (revocation bound). */
export const API_KEY_CACHE_MAX_MS = 5_000;

/** POST /internal/api-keys/resolve (identity; service to service, never exposed by the gateway). */
export const apiKeyResolveRequestSchema = z.strictObject({ key: z.string().max(100) });
export const apiKeyResolutionSchema = z.object({
  keyId: z.string(),
  userId: z.string(),
  mode: z.enum(apiKeyModes),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** An access token for the key's owner (sid = apiKeySessionId(keyId)), valid until `expiresAt`. */
  token: z.string(),
  expiresAt: z.string(),
});
export type ApiKeyResolution = z.infer<typeof apiKeyResolutionSchema>;

/** At most this many active keys per user (a rotated key on its way out does not count). */
export const MAX_ACTIVE_API_KEYS = 10;

/**
 * active: works until revoked or rotated; expiring: rotated, still works until `expiresAt` (the
 * overlap that lets a program switch to the new key). Revoked and expired keys are not listed.
 */
export const apiKeyStatuses = ['active', 'expiring'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];

/** The labels the Developer API tab shows. */
export const apiKeyModeLabels: Record<ApiKeyMode, string> = { live: 'Live', test: 'Test' };
export const apiKeyScopeLabels: Record<ApiKeyScopeName, string> = { read: 'Read', write: 'Write' };

/** A key as listed: never its secret, only `mp_live_••••••••••••wXyZ` (its prefix and last 4). */
export const maskApiKey = (prefix: string, last4: string): string => `${prefix}${'•'.repeat(12)}${last4}`;

export const apiKeyMessages = {
  created: 'API Key Created',
  rotated: 'API Key Rotated',
  revoked: 'API Key Revoked',
  failedTitle: 'Something Went Wrong',
  secretOnce: 'Copy this key now. It will not be shown again.',
  /** Spec 8: a key or secret copied (the integrations screen's toast). */
  copied: integrationMessages.copied,
  limitReached: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke a key you no longer use, then try again.`,
  notFound: 'API key not found.',
  alreadyRotated: 'This key has already been rotated. Rotate its replacement instead.',
  notWithApiKey: 'API keys cannot be managed with an API key. Sign in to manage them.',
  invalidKey: 'The API key is invalid, revoked or expired.',
} as const;

/** POST /api/developer/api-keys. */
export const createApiKeyRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Key name is required' })
    .trim()
    .min(1, 'Key name is required')
    .max(100, 'Key name must be at most 100 characters'),
  mode: z.enum(apiKeyModes, { error: 'Mode must be live or test' }),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: 'Each scope must be read or write' }), {
      error: 'Choose at least one scope',
    })
    .min(1, 'Choose at least one scope')
    .max(apiKeyScopes.length, 'Choose each scope at most once')
    .transform((scopes) => apiKeyScopes.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(apiKeyModes),
  scopes: z.array(z.enum(apiKeyScopes)),
  /** The key masked: its prefix and last 4 characters, e.g. `mp_live_••••••••••••wXyZ`. */
  maskedKey: z.string(),
  createdAt: z.string(),
  /** When a call last used it (recorded at most once a minute), null before the first. */
  lastUsedAt: z.string().nullable(),
  /** Set when the key was rotated: the end of the overlap, after which it is refused. */
  expiresAt: z.string().nullable(),
  status: z.enum(apiKeyStatuses),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The create and rotate answers carry the key in full: shown this once, never readable again. */
export const createdApiKeySchema = apiKeyViewSchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
