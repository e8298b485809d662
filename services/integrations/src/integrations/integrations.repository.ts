import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SourceKind } from '../transactions/integrated-transaction.entity';
import { PaymentProcessor } from './payment-processor.entity';
import { PosIntegration } from './pos-integration.entity';

/** What a webhook delivery needs to know about the processor or POS entry it is addressed to. */
export interface WebhookTarget {
  id: string;
  userId: string;
  kind: SourceKind;
  /** The processor type or POS system. */
  provider: string;
  signingSecret: string;
  isActive: boolean;
}

@Injectable()
export class IntegrationsRepository {
  saveProcessor(manager: EntityManager, processor: Partial<PaymentProcessor>): Promise<PaymentProcessor> {
    return manager.save(manager.create(PaymentProcessor, processor));
  }

  processorsOf(manager: EntityManager, userId: string): Promise<PaymentProcessor[]> {
    return manager.find(PaymentProcessor, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  processorOf(manager: EntityManager, userId: string, id: string): Promise<PaymentProcessor | null> {
    return manager.findOneBy(PaymentProcessor, { userId, id });
  }

  /** Sets the active flag of the user's processor; null when the user has no such processor. */
  async setProcessorActive(
    manager: EntityManager,
    userId: string,
    id: string,
    isActive: boolean,
  ): Promise<PaymentProcessor | null> {
    const result = await manager.update(PaymentProcessor, { userId, id }, { isActive });
    return result.affected ? this.processorOf(manager, userId, id) : null;
  }

  savePos(manager: EntityManager, pos: Partial<PosIntegration>): Promise<PosIntegration> {
    return manager.save(manager.create(PosIntegration, pos));
  }

  posListOf(manager: EntityManager, userId: string): Promise<PosIntegration[]> {
    return manager.find(PosIntegration, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  pos(manager: EntityManager, id: string): Promise<PosIntegration | null> {
    return manager.findOneBy(PosIntegration, { id });
  }

  activePos(manager: EntityManager): Promise<PosIntegration[]> {
    return manager.find(PosIntegration, { where: { isActive: true }, order: { createdAt: 'ASC' } });
  }

  /** The processor or POS entries with these ids (ids are uuids, unique across both tables). */
  async webhookTargets(manager: EntityManager, ids: string[]): Promise<WebhookTarget[]> {
    return (await manager.query(
      `SELECT id, user_id AS "userId", 'processor' AS kind, processor_type AS provider,
              signing_secret AS "signingSecret", is_active AS "isActive"
         FROM integrations.payment_processors WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT id, user_id, 'pos', pos_system, signing_secret, is_active
         FROM integrations.pos_integrations WHERE id = ANY($1::uuid[])`,
      [ids],
    )) as WebhookTarget[];
  }

  /**
   * Marks a successful delivery or sync of these processors and POS entries, in one statement. At
   * most once a second per integration, so a burst of deliveries does not queue on an
   * integration's row lock.
   */
  async touchLastSync(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(
      `WITH processors AS (
         UPDATE integrations.payment_processors SET last_sync = now()
          WHERE id = ANY($1::uuid[]) AND (last_sync IS NULL OR last_sync < now() - interval '1 second')
       )
       UPDATE integrations.pos_integrations SET last_sync = now()
        WHERE id = ANY($1::uuid[]) AND (last_sync IS NULL OR last_sync < now() - interval '1 second')`,
      [[...ids].sort()],
    );
  }

  /**
   * Records how a sync attempt of a POS entry ended: an error message, or success (lastSync = now)
   * with the time the sync has read through.
   */
  async recordSyncAttempt(
    manager: EntityManager,
    id: string,
    outcome: { error: string } | { syncedThrough: Date },
  ): Promise<void> {
    const error = 'error' in outcome ? outcome.error : null;
    const syncedThrough = 'syncedThrough' in outcome ? outcome.syncedThrough : null;
    await manager.query(
      `UPDATE integrations.pos_integrations
          SET last_sync_attempt_at = now(), last_sync_error = $2,
              last_sync = CASE WHEN $2::text IS NULL THEN now() ELSE last_sync END,
              synced_through = coalesce($3, synced_through)
        WHERE id = $1`,
      [id, error, syncedThrough],
    );
  }
}
