import { Injectable } from '@nestjs/common';
import { chargeFinalStatuses } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { ChargeRecord } from './charge.entity';
import type { ProviderCharge } from './charge-provider';

const columns = `id, user_id AS "userId", provider, provider_charge_id AS "providerChargeId", code,
  hosted_url AS "hostedUrl", addresses, status, amount, currency, description,
  preferred_currency AS "preferredCurrency", crypto_currency AS "cryptoCurrency", metadata,
  expires_at AS "expiresAt", poll_until AS "pollUntil", completed_at AS "completedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

@Injectable()
export class ChargesRepository {
  insert(manager: EntityManager, charge: Omit<ChargeRecord, 'createdAt' | 'updatedAt'>): Promise<ChargeRecord> {
    return manager.save(manager.create(ChargeRecord, charge));
  }

  ofUser(manager: EntityManager, userId: string, id: string): Promise<ChargeRecord | null> {
    return manager.findOneBy(ChargeRecord, { userId, id });
  }

  byId(manager: EntityManager, id: string): Promise<ChargeRecord | null> {
    return manager.findOneBy(ChargeRecord, { id });
  }

  /** Charges still open and inside their polling window (the worker re-schedules these at start). */
  async polling(manager: EntityManager): Promise<Pick<ChargeRecord, 'id' | 'pollUntil'>[]> {
    return (await manager.query(
      `SELECT id, poll_until AS "pollUntil" FROM crypto.charges
       WHERE status <> ALL($1) AND poll_until > now()`,
      [chargeFinalStatuses],
    )) as Pick<ChargeRecord, 'id' | 'pollUntil'>[];
  }

  /**
   * Moves a charge to the provider's reported state, atomically: a final status (COMPLETED,
   * EXPIRED, CANCELED) is never left, so of a webhook and a poll reporting the same completion
   * exactly one gets the row back. Null when nothing changed (unknown charge, final, or same state).
   */
  async transition(manager: EntityManager, provider: string, seen: ProviderCharge): Promise<ChargeRecord | null> {
    const rows = (await manager.query(
      `UPDATE crypto.charges
          SET status = $3,
              crypto_currency = COALESCE($4, crypto_currency),
              completed_at = CASE WHEN $3 = 'COMPLETED' THEN now() ELSE completed_at END,
              updated_at = now()
        WHERE provider = $1 AND provider_charge_id = $2
          AND status <> ALL($5)
          AND (status <> $3 OR crypto_currency IS DISTINCT FROM COALESCE($4, crypto_currency))
        RETURNING ${columns}`,
      [provider, seen.providerChargeId, seen.status, seen.cryptoCurrency, chargeFinalStatuses],
    )) as [ChargeRecord[], number];
    return rows[0]?.[0] ?? null;
  }
}
