import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryStatus, WebhookEnvelope, WebhookEventType } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** An endpoint with its newest delivery's status and time (the list's "status" column). */
export interface EndpointRow extends WebhookEndpoint {
  lastDeliveryStatus: WebhookDeliveryStatus | null;
  lastDeliveryAt: Date | null;
}

export interface DeliveryWithAttempts extends WebhookDelivery {
  attemptLog: WebhookDeliveryAttempt[];
}

/** What an attempt needs: the delivery and its endpoint's URL, secret and switch. */
export interface DeliveryTarget {
  delivery: WebhookDelivery;
  endpoint: Pick<WebhookEndpoint, 'id' | 'url' | 'signingSecret' | 'isActive'>;
}

/** An active endpoint and what it subscribed to. */
export interface SubscribedEndpoint {
  id: string;
  userId: string;
  eventTypes: WebhookEventType[];
}

export interface NewDelivery {
  id: string;
  endpointId: string;
  userId: string;
  eventId: string;
  eventType: WebhookDelivery['eventType'];
  payload: WebhookEnvelope;
}

export interface AttemptRecord {
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  succeeded: boolean;
  manual: boolean;
  attemptedAt: Date;
  /** The delivery's status after this attempt, and when the next automatic one is due. */
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
}

const withLastDelivery = `
  SELECT e.*, last.status AS last_delivery_status, last.created_at AS last_delivery_at
    FROM integrations.webhook_endpoints e
    LEFT JOIN LATERAL (
      SELECT status, created_at FROM integrations.webhook_deliveries d
       WHERE d.endpoint_id = e.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1
    ) last ON true`;

@Injectable()
export class WebhookEndpointsRepository {
  private endpointRows(manager: EntityManager, where: string, params: unknown[]): Promise<EndpointRow[]> {
    return manager
      .query(`${withLastDelivery} WHERE ${where} ORDER BY e.created_at, e.id`, params)
      .then((rows: Record<string, unknown>[]) =>
        rows.map((row) => ({
          id: row.id as string,
          userId: row.user_id as string,
          url: row.url as string,
          eventTypes: row.event_types as WebhookEventType[],
          signingSecret: row.signing_secret as string,
          isActive: row.is_active as boolean,
          createdAt: row.created_at as Date,
          updatedAt: row.updated_at as Date,
          lastDeliveryStatus: (row.last_delivery_status as WebhookDeliveryStatus | null) ?? null,
          lastDeliveryAt: (row.last_delivery_at as Date | null) ?? null,
        })),
      );
  }

  endpointsOf(manager: EntityManager, userId: string): Promise<EndpointRow[]> {
    return this.endpointRows(manager, 'e.user_id = $1', [userId]);
  }

  async endpointOf(manager: EntityManager, userId: string, id: string): Promise<EndpointRow | null> {
    const [row] = await this.endpointRows(manager, 'e.user_id = $1 AND e.id = $2', [userId, id]);
    return row ?? null;
  }

  /** Serialises one user's endpoint changes until the transaction ends (the endpoint limit holds). */
  async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook-endpoints:${userId}`]);
  }

  countOf(manager: EntityManager, userId: string): Promise<number> {
    return manager.count(WebhookEndpoint, { where: { userId } });
  }

  async create(manager: EntityManager, endpoint: Partial<WebhookEndpoint>): Promise<void> {
    await manager.insert(WebhookEndpoint, endpoint);
  }

  /** Changes the user's endpoint; false when the user has no such endpoint. */
  async update(
    manager: EntityManager,
    userId: string,
    id: string,
    changes: Partial<Pick<WebhookEndpoint, 'url' | 'eventTypes' | 'isActive' | 'signingSecret'>>,
  ): Promise<boolean> {
    const result = await manager.update(WebhookEndpoint, { userId, id }, { ...changes, updatedAt: new Date() });
    return Boolean(result.affected);
  }

  /** Deletes the user's endpoint with its deliveries (cascade); false when there was none. */
  async delete(manager: EntityManager, userId: string, id: string): Promise<boolean> {
    const result = await manager.delete(WebhookEndpoint, { userId, id });
    return Boolean(result.affected);
  }

  /**
   * The active endpoints of these users, oldest first, with the event types each subscribed to:
   * one look-up for the events a consumer applies together, whoever owns them.
   */
  activeEndpointsOf(manager: EntityManager, userIds: string[]): Promise<SubscribedEndpoint[]> {
    return manager.query(
      `SELECT id, user_id AS "userId", event_types AS "eventTypes" FROM integrations.webhook_endpoints
        WHERE user_id = ANY($1::uuid[]) AND is_active ORDER BY created_at`,
      [userIds],
    ) as Promise<SubscribedEndpoint[]>;
  }

  /** Stores deliveries; one that exists for the endpoint and event is left as it is. The new ids. */
  async insertDeliveries(manager: EntityManager, deliveries: NewDelivery[]): Promise<string[]> {
    if (deliveries.length === 0) return [];
    const values = deliveries.map(
      (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`,
    );
    const rows = (await manager.query(
      `INSERT INTO integrations.webhook_deliveries (id, endpoint_id, user_id, event_id, event_type, payload)
       VALUES ${values.join(', ')}
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
      deliveries.flatMap((d) => [d.id, d.endpointId, d.userId, d.eventId, d.eventType, d.payload]),
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The endpoint's newest deliveries with their attempts, oldest attempt first. */
  async deliveriesOf(manager: EntityManager, endpointId: string, limit: number): Promise<DeliveryWithAttempts[]> {
    const deliveries = await manager.find(WebhookDelivery, {
      where: { endpointId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return this.withAttempts(manager, deliveries);
  }

  async deliveryOf(manager: EntityManager, endpointId: string, id: string): Promise<DeliveryWithAttempts | null> {
    const delivery = await manager.findOneBy(WebhookDelivery, { endpointId, id });
    return delivery ? (await this.withAttempts(manager, [delivery]))[0]! : null;
  }

  private async withAttempts(manager: EntityManager, deliveries: WebhookDelivery[]): Promise<DeliveryWithAttempts[]> {
    if (deliveries.length === 0) return [];
    const attempts = await manager
      .createQueryBuilder(WebhookDeliveryAttempt, 'a')
      .where('a.deliveryId IN (:...ids)', { ids: deliveries.map((d) => d.id) })
      .orderBy('a.number', 'ASC')
      .getMany();
    return deliveries.map((delivery) => ({
      ...delivery,
      attemptLog: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    }));
  }

  async target(manager: EntityManager, deliveryId: string): Promise<DeliveryTarget | null> {
    const delivery = await manager.findOneBy(WebhookDelivery, { id: deliveryId });
    if (!delivery) return null;
    const endpoint = await manager.findOne(WebhookEndpoint, {
      where: { id: delivery.endpointId },
      select: { id: true, url: true, signingSecret: true, isActive: true },
    });
    return endpoint ? { delivery, endpoint } : null;
  }

  /**
   * Logs an attempt and moves the delivery to the status it leads to, in one statement pair under
   * the delivery's row lock, so two attempts never share a number.
   */
  async recordAttempt(manager: EntityManager, deliveryId: string, attempt: AttemptRecord): Promise<void> {
    const [row] = (await manager.query(
      `UPDATE integrations.webhook_deliveries
          SET attempts = attempts + 1, status = $2, last_status_code = $3, last_latency_ms = $4, last_error = $5,
              next_attempt_at = $6, delivered_at = CASE WHEN $7 THEN $8 ELSE delivered_at END, updated_at = now()
        WHERE id = $1
        RETURNING attempts`,
      [
        deliveryId,
        attempt.status,
        attempt.statusCode,
        attempt.latencyMs,
        attempt.error,
        attempt.nextAttemptAt,
        attempt.succeeded,
        attempt.attemptedAt,
      ],
    )) as [{ attempts: number }[], number];
    const number = row[0]?.attempts;
    if (number === undefined) return;
    await manager.insert(WebhookDeliveryAttempt, {
      deliveryId,
      number,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error,
      succeeded: attempt.succeeded,
      manual: attempt.manual,
      attemptedAt: attempt.attemptedAt,
    });
  }

  /** Ends a delivery that can no longer be attempted (its endpoint was turned off), without an attempt. */
  async giveUp(manager: EntityManager, deliveryId: string, error: string): Promise<void> {
    await manager.update(
      WebhookDelivery,
      { id: deliveryId },
      { status: 'failed', lastError: error, nextAttemptAt: null, updatedAt: new Date() },
    );
  }

  /** Unfinished deliveries whose attempt is overdue by more than `graceMs` (their job may be lost). */
  overdue(manager: EntityManager, graceMs: number, limit: number): Promise<{ id: string }[]> {
    return manager.query(
      `SELECT id FROM integrations.webhook_deliveries
        WHERE status IN ('pending', 'retrying')
          AND coalesce(next_attempt_at, created_at) < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY coalesce(next_attempt_at, created_at) LIMIT $2`,
      [graceMs, limit],
    ) as Promise<{ id: string }[]>;
  }

  /** Deletes finished deliveries older than `days` (their attempts go with them); how many. */
  async purgeFinished(manager: EntityManager, days: number, limit: number): Promise<number> {
    const rows = (await manager.query(
      `DELETE FROM integrations.webhook_deliveries WHERE id IN (
         SELECT id FROM integrations.webhook_deliveries
          WHERE status IN ('succeeded', 'failed') AND created_at < now() - make_interval(days => $1)
          LIMIT $2)
       RETURNING id`,
      [days, limit],
    )) as [unknown[], number];
    return rows[0].length;
  }
}
