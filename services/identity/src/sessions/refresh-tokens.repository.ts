import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThan, Not, type EntityManager } from 'typeorm';
import { RefreshToken } from './refresh-token.entity';

export type NewRefreshToken = Pick<RefreshToken, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>;

@Injectable()
export class RefreshTokensRepository {
  /** Stores a token; returns its row id. */
  async add(manager: EntityManager, token: NewRefreshToken): Promise<string> {
    const { identifiers } = await manager.insert(RefreshToken, token);
    return (identifiers[0] as { id: string }).id;
  }

  findByHash(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return manager.findOneBy(RefreshToken, { tokenHash });
  }

  findByHashForUpdate(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return manager.findOne(RefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  findById(manager: EntityManager, id: string): Promise<RefreshToken | null> {
    return manager.findOneBy(RefreshToken, { id });
  }

  /** Retires a token in favour of its successor, which stays retrievable (sealed) for the grace window. */
  async markRotated(
    manager: EntityManager,
    id: string,
    rotation: { at: Date; successorId: string; successorSealed: string },
  ): Promise<void> {
    await manager.update(
      RefreshToken,
      { id },
      { revokedAt: rotation.at, replacedBy: rotation.successorId, successorSealed: rotation.successorSealed },
    );
  }

  /** Drops the sealed successors of a family's tokens rotated before `before` (their grace is over). */
  async forgetSuccessors(manager: EntityManager, familyId: string, before: Date): Promise<void> {
    await manager.update(
      RefreshToken,
      { familyId, successorSealed: Not(IsNull()), revokedAt: LessThan(before) },
      { successorSealed: null },
    );
  }

  /** Revokes every live token of the families and forgets their sealed successors. */
  async revokeFamilies(manager: EntityManager, familyIds: string[], at = new Date()): Promise<void> {
    if (!familyIds.length) return;
    await manager.update(RefreshToken, { familyId: In(familyIds), revokedAt: IsNull() }, { revokedAt: at });
    await manager.update(
      RefreshToken,
      { familyId: In(familyIds), successorSealed: Not(IsNull()) },
      { successorSealed: null },
    );
  }

  /** Revokes every live token of a user; returns the families (sessions) that were live. */
  async revokeAllOfUser(manager: EntityManager, userId: string, at = new Date()): Promise<string[]> {
    const { raw } = await manager
      .createQueryBuilder()
      .update(RefreshToken)
      .set({ revokedAt: at, successorSealed: null })
      .where('user_id = :userId AND revoked_at IS NULL', { userId })
      .returning('family_id')
      .execute();
    const families = [...new Set((raw as { family_id: string }[]).map((row) => row.family_id))];
    // Sealed successors sit on the rotated (already revoked) tokens of those same families.
    if (families.length) {
      await manager.update(
        RefreshToken,
        { familyId: In(families), successorSealed: Not(IsNull()) },
        { successorSealed: null },
      );
    }
    return families;
  }
}
