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
/**
 * read: GET routes; write: changes. webhooks: what redirects the merchant's event stream or hands
 * out a webhook signing secret (registering an endpoint, changing its URL, rotating its secret):
 * never granted unless a key is created with it, and only beside write. A leaked write key can then
 * not send the events elsewhere nor read a new secret.
 */
export const apiKeyScopes = ['read', 'write', 'webhooks'] as const;
export type ApiKeyScopeName = (typeof apiKeyScopes)[number];

/**
 * The header the gateway sends a service with a call made with an API key: the key's scopes,
 * comma-separated (a client's own is dropped). A service whose route depends on the body (a
 * webhook endpoint's URL) reads it; a key's call without it has no scope beyond the route's.
 */
export const API_KEY_SCOPES_HEADER = 'x-api-key-scopes';

/** `mp_live_` or `mp_test_`, then 32 base62 characters (~190 bits). */
export const API_KEY_PATTERN = /^mp_(live|test)_[A-Za-z0-9]{32}$/;
export const isApiKey = (value: string): boolean => API_KEY_PATTERN.test(value);
export const apiKeyModeOf = (key: string): ApiKeyMode => (key.startsWith('mp_test_') ? 'test' : 'live');

/** The session id (`sid` claim) of the access tokens minted for a key: revoking the key revokes it. */
export const apiKeySessionId = (keyId: string): string => `apikey:${keyId}`;
/** Whether a token's session id is a key's: the call came with an API key, not from a signed-in member. */
export const isApiKeySessionId = (sessionId: string | undefined): boolean =>
  sessionId?.startsWith(apiKeySessionId('')) ?? false;

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
export const apiKeyScopeLabels: Record<ApiKeyScopeName, string> = {
  read: 'Read',
  write: 'Write',
  webhooks: 'Webhooks',
};
/** What each scope lets a program do (the Developer API tab's form). */
export const apiKeyScopeHints: Record<ApiKeyScopeName, string> = {
  read: 'Read your data.',
  write: 'Create and change records.',
  webhooks: 'Register webhook endpoints, change their URLs and rotate their signing secrets (needs Write).',
};

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
  /** The form's warning under the webhooks scope. */
  webhooksScopeWarning:
    'A key with the Webhooks scope can send your events to any address and read new signing secrets. Give it only to a program that manages your webhook endpoints, and keep it safe.',
  webhooksNeedsWrite: 'The webhooks scope needs the write scope too',
  /** A key without the webhooks scope registering an endpoint, changing its URL or rotating its secret (403). */
  webhooksScopeRequired:
    'This API key lacks the webhooks scope: registering a webhook endpoint, changing its URL or rotating its signing secret needs a signed-in member or a key created with that scope.',
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
    .array(z.enum(apiKeyScopes, { error: 'Each scope must be read, write or webhooks' }), {
      error: 'Choose at least one scope',
    })
    .min(1, 'Choose at least one scope')
    .max(apiKeyScopes.length, 'Choose each scope at most once')
    .refine((scopes) => !scopes.includes('webhooks') || scopes.includes('write'), apiKeyMessages.webhooksNeedsWrite)
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
