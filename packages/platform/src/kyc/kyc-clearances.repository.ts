import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { schemaOf } from '../database/schema';
import { KycClearance } from './kyc-clearance.entity';

@Injectable()
export class KycClearancesRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /**
   * Stores the user's status unless the stored one changed later (a status of the same moment
   * replaces it: identity publishes one user's changes in order). True when this call wrote it.
   */
  async record(
    manager: EntityManager,
    clearance: Pick<KycClearance, 'userId' | 'status' | 'changedAt'>,
  ): Promise<boolean> {
    const table = `"${schemaOf(manager.connection)}"."kyc_clearances"`;
    const rows = (await manager.query(
      `INSERT INTO ${table} (user_id, status, changed_at)
       VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, changed_at = EXCLUDED.changed_at, updated_at = now()
         WHERE ${table}.changed_at <= EXCLUDED.changed_at
       RETURNING user_id`,
      [clearance.userId, clearance.status, clearance.changedAt],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The user's stored status, in the caller's transaction when given. */
  byUserId(userId: string, manager: EntityManager = this.manager): Promise<KycClearance | null> {
    return manager.findOneBy(KycClearance, { userId });
  }
}
