import { maskApiKey, type ApiKeyView } from '@app/contracts';
import type { ApiKey } from './api-key.entity';

export const toApiKeyView = (key: ApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  mode: key.mode,
  scopes: key.scopes,
  maskedKey: maskApiKey(key.keyPrefix, key.keyLast4),
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  expiresAt: key.expiresAt?.toISOString() ?? null,
  status: key.expiresAt ? 'expiring' : 'active',
});
