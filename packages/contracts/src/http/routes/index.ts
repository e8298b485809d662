import type { RouteDescriptor } from '../route';
import { affiliateRoutes } from './affiliate';
import { apiKeyRoutes } from './api-keys';
import { analyticsRoutes } from './analytics';
import { billingRoutes } from './billing';
import { chatSupportRoutes } from './chat-support';
import { cryptoRoutes } from './crypto-escrow';
import { deadLetterRoutes } from './dead-letters';
import { identityRoutes } from './identity';
import { integrationRoutes } from './integrations';
import { mailPreferenceRoutes } from './mail-preferences';
import { profileRoutes } from './profile';
import { reportRoutes } from './reports-ai';
import { tokenizationRoutes } from './tokenization';
import { webhookEndpointRoutes } from './webhook-endpoints';

export * from './affiliate';
export * from './analytics';
export * from './api-keys';
export * from './billing';
export * from './chat-support';
export * from './crypto-escrow';
export * from './dead-letters';
export * from './identity';
export * from './integrations';
export * from './mail-preferences';
export * from './profile';
export * from './reports-ai';
export * from './tokenization';
export * from './webhook-endpoints';

/**
 * The routes with a fixed id, each with its literal type (the dead letters' ids are made per
 * service): what `routeById` finds.
 */
const namedRoutes = [
  ...identityRoutes,
  ...apiKeyRoutes,
  ...profileRoutes,
  ...mailPreferenceRoutes,
  ...chatSupportRoutes,
  ...billingRoutes,
  ...integrationRoutes,
  ...webhookEndpointRoutes,
  ...affiliateRoutes,
  ...analyticsRoutes,
  ...cryptoRoutes,
  ...reportRoutes,
  ...tokenizationRoutes,
] as const;
export type NamedRoute = (typeof namedRoutes)[number];
export type RouteId = NamedRoute['id'];

/**
 * Every HTTP route of every service, described once (internal ones included: the gateway and the
 * reference leave those out). Each service's routes.int-spec checks its Nest app serves exactly its own.
 */
export const apiRoutes: readonly RouteDescriptor[] = [...namedRoutes, ...deadLetterRoutes];

const routesById = new Map<string, NamedRoute>(namedRoutes.map((route) => [route.id, route]));

/**
 * A route by its id (the OpenAPI operationId), typed as described: a call made with it (the web's
 * `callRoute`) answers its response schema's type.
 */
export function routeById<Id extends RouteId>(id: Id): Extract<NamedRoute, { id: Id }> {
  return routesById.get(id) as Extract<NamedRoute, { id: Id }>;
}
