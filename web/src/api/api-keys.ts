import { apiKeyRoutes, type ApiKeyView, type CreateApiKeyRequest, type CreatedApiKey } from '@app/contracts';
import { callRoute } from './client';

type ApiKeyRoute = (typeof apiKeyRoutes)[number];
/** One of the described API-key routes by its id, with its literal type (for typed answers). */
const routeOf = <Id extends ApiKeyRoute['id']>(id: Id) =>
  apiKeyRoutes.find((route) => route.id === id) as Extract<ApiKeyRoute, { id: Id }>;

/** The signed-in user's usable keys, newest first, masked. */
export function fetchApiKeys(): Promise<ApiKeyView[]> {
  return callRoute(routeOf('listApiKeys'));
}

/** A new key: the answer carries the key in full, this once. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return callRoute(routeOf('createApiKey'), { body });
}

/** A replacement key (shown once); the old one keeps working for a short overlap. */
export function rotateApiKey(id: string): Promise<CreatedApiKey> {
  return callRoute(routeOf('rotateApiKey'), { params: { id } });
}

export function revokeApiKey(id: string): Promise<void> {
  return callRoute(routeOf('revokeApiKey'), { params: { id } });
}
