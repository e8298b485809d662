import type { WebhookDeliveryView, WebhookEndpointView } from '@app/contracts';
import type { Credentials } from '../integrations/credentials';
import type { DeliveryWithAttempts, EndpointRow } from './webhook-endpoints.repository';

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

export function endpointView(credentials: Credentials, row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    isActive: row.isActive,
    signingSecretHint: credentials.hint(row.id, 'signingSecret', row.signingSecret),
    lastDeliveryStatus: row.lastDeliveryStatus,
    lastDeliveryAt: iso(row.lastDeliveryAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function deliveryView(delivery: DeliveryWithAttempts): WebhookDeliveryView {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastLatencyMs: delivery.lastLatencyMs,
    lastError: delivery.lastError,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    deliveredAt: iso(delivery.deliveredAt),
    createdAt: iso(delivery.createdAt)!,
    updatedAt: iso(delivery.updatedAt)!,
    attemptLog: delivery.attemptLog.map((attempt) => ({
      number: attempt.number,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
      succeeded: attempt.succeeded,
      manual: attempt.manual,
      attemptedAt: iso(attempt.attemptedAt)!,
    })),
  };
}
