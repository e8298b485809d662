import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChargeRecord } from './charge.entity';
import { chargeSettledStatuses, type ChargeChange } from './charge-status';

const columns = `id, user_id AS "userId", provider, provider_charge_id AS "providerChargeId", code,
  hosted_url AS "hostedUrl", addresses, status, status_context AS "statusContext", amount, currency, description,
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

  /**
   * Charges not settled and inside their polling window (the worker re-schedules these at start):
   * an EXPIRED charge is still polled, a late payment may follow.
   */
  async polling(manager: EntityManager): Promise<Pick<ChargeRecord, 'id' | 'pollUntil'>[]> {
    return (await manager.query(
      `SELECT id, poll_until AS "pollUntil" FROM crypto.charges
       WHERE status <> ALL($1) AND poll_until > now()`,
      [chargeSettledStatuses],
    )) as Pick<ChargeRecord, 'id' | 'pollUntil'>[];
  }

  /** The charge a provider's id names (not locked: a webhook looks before calling the provider). */
  async byProviderId(manager: EntityManager, provider: string, providerChargeId: string): Promise<ChargeRecord | null> {
    const rows = (await manager.query(
      `SELECT ${columns} FROM crypto.charges WHERE provider = $1 AND provider_charge_id = $2`,
      [provider, providerChargeId],
    )) as ChargeRecord[];
    return rows[0] ?? null;
  }

  /**
   * The charge a provider report is about, locked until the transaction ends: of a webhook and a
   * poll reporting the same change, the second waits here and then sees the first one's result.
   */
  async lockByProviderId(
    manager: EntityManager,
    provider: string,
    providerChargeId: string,
  ): Promise<ChargeRecord | null> {
    const rows = (await manager.query(
      `SELECT ${columns} FROM crypto.charges WHERE provider = $1 AND provider_charge_id = $2 FOR UPDATE`,
      [provider, providerChargeId],
    )) as ChargeRecord[];
    return rows[0] ?? null;
  }

  /** Writes a change decided on the locked row; completed_at is set the first time it is paid. */
  async applyChange(manager: EntityManager, id: string, change: ChargeChange, paid: boolean): Promise<ChargeRecord> {
    const [rows] = (await manager.query(
      `UPDATE crypto.charges
          SET status = $2, status_context = $3, crypto_currency = $4,
              completed_at = CASE WHEN $5 THEN COALESCE(completed_at, now()) ELSE completed_at END,
              updated_at = now()
        WHERE id = $1
        RETURNING ${columns}`,
      [id, change.status, change.statusContext, change.cryptoCurrency, paid],
    )) as [ChargeRecord[], number];
    return rows[0]!;
  }
}
