import {
  webhookEndpointRoutes,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { callRoute } from './client';

const [listRoute, createRoute, updateRoute, deleteRoute, rotateRoute, deliveriesRoute, resendRoute, testRoute] =
  webhookEndpointRoutes;

/** GET /api/developer/webhooks: the signed-in merchant's endpoints, secrets masked. */
export function fetchWebhookEndpoints(): Promise<WebhookEndpointView[]> {
  return callRoute(listRoute);
}

/** POST /api/developer/webhooks: the answer carries the signing secret, once. */
export function createWebhookEndpoint(body: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecret> {
  return callRoute(createRoute, { body });
}

/** PUT /api/developer/webhooks/{id}: the URL, the event types or the active switch. */
export function updateWebhookEndpoint(id: string, body: UpdateWebhookEndpointRequest): Promise<WebhookEndpointView> {
  return callRoute(updateRoute, { params: { id }, body });
}

/** DELETE /api/developer/webhooks/{id}. */
export function deleteWebhookEndpoint(id: string): Promise<void> {
  return callRoute(deleteRoute, { params: { id } });
}

/** POST /api/developer/webhooks/{id}/rotate-secret: the new secret, once. */
export function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return callRoute(rotateRoute, { params: { id } });
}

/** GET /api/developer/webhooks/{id}/deliveries: newest first, each with its attempts. */
export function fetchWebhookDeliveries(id: string): Promise<WebhookDeliveryView[]> {
  return callRoute(deliveriesRoute, { params: { id } });
}

/** POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend. */
export function resendWebhookDelivery(id: string, deliveryId: string): Promise<WebhookDeliveryView> {
  return callRoute(resendRoute, { params: { id, deliveryId } });
}

/** POST /api/developer/webhooks/{id}/test: queues a `webhook.test` event. */
export function sendWebhookTestEvent(id: string): Promise<WebhookDeliveryView> {
  return callRoute(testRoute, { params: { id } });
}
