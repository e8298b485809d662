import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  apiKeyMessages,
  ErrorCode,
  isApiKeySessionId,
  MAX_WEBHOOK_ENDPOINTS,
  webhookTestEventType,
  type createWebhookEndpointRequestSchema,
  type updateWebhookEndpointRequestSchema,
  type webhookDeliveriesQuerySchema,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { AppError, isUuid, TransactionRunner, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { Credentials, newSigningSecret } from '../integrations/credentials';
import { DestinationRefusedError } from './destination-guard';
import { deliveryView, endpointView } from './views';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookEndpointsRepository, type EndpointRow } from './webhook-endpoints.repository';
import { WebhookSender } from './webhook-sender';

export type CreateWebhookEndpoint = z.output<typeof createWebhookEndpointRequestSchema>;
export type UpdateWebhookEndpoint = z.output<typeof updateWebhookEndpointRequestSchema>;
export type DeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

const notFound = () => new AppError(ErrorCode.NotFound, 'Webhook endpoint not found');

/**
 * Who calls: a signed-in member, or a program with an API key (its token's session is the key's)
 * and the key's scopes as the gateway sent them (API_KEY_SCOPES_HEADER; none when missing).
 */
export interface Caller {
  userId: string;
  /** null for a signed-in member. */
  keyScopes: readonly string[] | null;
}

export const callerOf = (user: AuthUser, scopesHeader: string | undefined): Caller => ({
  userId: user.id,
  keyScopes: isApiKeySessionId(user.sessionId) ? (scopesHeader ?? '').split(',').filter(Boolean) : null,
});

/**
 * What redirects the merchant's events or hands out a signing secret (a new endpoint, another URL,
 * a rotated secret): a signed-in member, or a key created with the webhooks scope. The gateway
 * refuses the routes that always do so; the URL of an update is only seen here.
 */
function requireWebhooksScope(caller: Caller): void {
  if (caller.keyScopes && !caller.keyScopes.includes('webhooks')) {
    throw new AppError(ErrorCode.Forbidden, apiKeyMessages.webhooksScopeRequired);
  }
}
const deliveryNotFound = () => new AppError(ErrorCode.NotFound, 'Delivery not found');
const disabled = () => new AppError(ErrorCode.Conflict, 'This endpoint is turned off; turn it on to send it anything');

/**
 * A merchant's outgoing webhook endpoints: register, change, delete, rotate the secret, read the
 * delivery log, resend, send a test event. Only the owner sees an endpoint: another user's id is a
 * 404, the same as one that does not exist.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: WebhookEndpointsRepository,
    private readonly credentials: Credentials,
    private readonly sender: WebhookSender,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async list(userId: string): Promise<WebhookEndpointView[]> {
    const rows = await this.transactions.run((manager) => this.repository.endpointsOf(manager, userId));
    return rows.map((row) => endpointView(this.credentials, row));
  }

  /** Checks the destination, stores the endpoint with a sealed secret; the answer shows the secret once. */
  async create(caller: Caller, request: CreateWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
    requireWebhooksScope(caller);
    const { userId } = caller;
    await this.checkDestination(request.url);
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const row = await this.transactions.run(async (manager) => {
      // Counted under the user's lock, so concurrent creates cannot pass the limit together.
      await this.repository.lockUser(manager, userId);
      if ((await this.repository.countOf(manager, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new AppError(
          ErrorCode.Conflict,
          `You can register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first`,
        );
      }
      await this.repository.create(manager, {
        id,
        userId,
        url: request.url,
        eventTypes: request.eventTypes,
        signingSecret: this.credentials.seal(id, 'signingSecret', signingSecret),
        isActive: true,
      });
      return this.repository.endpointOf(manager, userId, id);
    });
    return { ...endpointView(this.credentials, row!), signingSecret };
  }

  async update(caller: Caller, id: string, request: UpdateWebhookEndpoint): Promise<WebhookEndpointView> {
    const { userId } = caller;
    if (!isUuid(id)) throw notFound();
    if (request.url !== undefined) {
      // A 404 first: whether another user's endpoint exists is not told by a URL or scope check.
      await this.ownEndpoint(userId, id);
      requireWebhooksScope(caller);
      await this.checkDestination(request.url);
    }
    const row = await this.transactions.run(async (manager) => {
      const changed = await this.repository.update(manager, userId, id, {
        ...(request.url !== undefined ? { url: request.url } : {}),
        ...(request.eventTypes !== undefined ? { eventTypes: request.eventTypes } : {}),
        ...(request.isActive !== undefined ? { isActive: request.isActive } : {}),
      });
      return changed ? this.repository.endpointOf(manager, userId, id) : null;
    });
    if (!row) throw notFound();
    return endpointView(this.credentials, row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const deleted = await this.transactions.run((manager) => this.repository.delete(manager, userId, id));
    if (!deleted) throw notFound();
  }

  /** A new secret at once: every attempt from now on, retries of older deliveries too, is signed with it. */
  async rotateSecret(caller: Caller, id: string): Promise<WebhookEndpointWithSecret> {
    requireWebhooksScope(caller);
    const { userId } = caller;
    if (!isUuid(id)) throw notFound();
    const signingSecret = newSigningSecret();
    const row = await this.transactions.run(async (manager) => {
      const sealed = this.credentials.seal(id, 'signingSecret', signingSecret);
      const changed = await this.repository.update(manager, userId, id, { signingSecret: sealed });
      return changed ? this.repository.endpointOf(manager, userId, id) : null;
    });
    if (!row) throw notFound();
    return { ...endpointView(this.credentials, row), signingSecret };
  }

  async deliveries(userId: string, id: string, query: DeliveriesQuery): Promise<WebhookDeliveryView[]> {
    await this.ownEndpoint(userId, id);
    const rows = await this.transactions.run((manager) => this.repository.deliveriesOf(manager, id, query.limit));
    return rows.map(deliveryView);
  }

  /**
   * Sends a delivery again now. One still being retried has its next attempt brought forward; a
   * finished one (succeeded or failed) gets one more attempt by hand, signed afresh.
   */
  async resend(userId: string, id: string, deliveryId: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.ownEndpoint(userId, id);
    if (!isUuid(deliveryId)) throw deliveryNotFound();
    const delivery = await this.transactions.run((manager) => this.repository.deliveryOf(manager, id, deliveryId));
    if (!delivery) throw deliveryNotFound();
    if (!endpoint.isActive) throw disabled();
    if (delivery.status === 'pending' || delivery.status === 'retrying') await this.queue.runNow(delivery.id);
    else await this.queue.enqueueResend(delivery.id, delivery.attempts);
    return deliveryView(delivery);
  }

  /** Queues a `webhook.test` event to the endpoint: one attempt, logged like any delivery. */
  async sendTest(userId: string, id: string): Promise<WebhookDeliveryView> {
    const endpoint = await this.ownEndpoint(userId, id);
    if (!endpoint.isActive) throw disabled();
    const deliveryId = randomUUID();
    const eventId = randomUUID();
    const delivery = await this.transactions.run(async (manager) => {
      await this.repository.insertDeliveries(manager, [
        {
          id: deliveryId,
          endpointId: id,
          userId,
          eventId,
          eventType: webhookTestEventType,
          payload: {
            id: eventId,
            type: webhookTestEventType,
            createdAt: new Date().toISOString(),
            data: { endpointId: id, message: 'A test event sent from the Developer API settings.' },
          },
        },
      ]);
      return this.repository.deliveryOf(manager, id, deliveryId);
    });
    await this.queue.enqueueResend(deliveryId, 0);
    return deliveryView(delivery!);
  }

  private async ownEndpoint(userId: string, id: string): Promise<EndpointRow> {
    if (!isUuid(id)) throw notFound();
    const row = await this.transactions.run((manager) => this.repository.endpointOf(manager, userId, id));
    if (!row) throw notFound();
    return row;
  }

  private async checkDestination(url: string): Promise<void> {
    try {
      await this.sender.check(url);
    } catch (error) {
      if (error instanceof DestinationRefusedError) {
        throw new AppError(ErrorCode.ValidationFailed, error.message, [{ path: 'url', message: error.message }]);
      }
      throw error;
    }
  }
}
