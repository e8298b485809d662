import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { ApiKey } from './api-key.entity';

export type NewApiKey = Pick<ApiKey, 'userId' | 'name' | 'mode' | 'scopes' | 'keyHash' | 'keyPrefix' | 'keyLast4'>;

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {}

  /** A user's keys still usable at `now` (neither revoked nor past a rotation's overlap), newest first. */
  listUsable(userId: string, now: Date): Promise<ApiKey[]> {
    return this.keys.find({
      where: [
        { userId, revokedAt: IsNull(), expiresAt: IsNull() },
        { userId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      ],
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** Keys that count against the limit: not revoked and not rotated. */
  countActive(manager: EntityManager, userId: string): Promise<number> {
    return manager.countBy(ApiKey, { userId, revokedAt: IsNull(), expiresAt: IsNull() });
  }

  findByHash(keyHash: string): Promise<ApiKey | null> {
    return this.keys.findOneBy({ keyHash });
  }

  /** One of the user's keys, locked for a rotation or revocation; null for another user's. */
  findOwnedForUpdate(manager: EntityManager, id: string, userId: string): Promise<ApiKey | null> {
    return manager.findOne(ApiKey, { where: { id, userId }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(manager: EntityManager, key: NewApiKey): Promise<ApiKey> {
    const { identifiers } = await manager.insert(ApiKey, key);
    return manager.findOneByOrFail(ApiKey, { id: (identifiers[0] as { id: string }).id });
  }

  async markRotated(manager: EntityManager, id: string, expiresAt: Date): Promise<void> {
    await manager.update(ApiKey, { id }, { expiresAt });
  }

  async markRevoked(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.update(ApiKey, { id }, { revokedAt: at });
  }

  /** Records a use, unless one was recorded since `notSince` (at most one write per key and minute). */
  async touchLastUsed(id: string, at: Date, notSince: Date): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .update(ApiKey)
      .set({ lastUsedAt: at })
      .where('id = :id AND (last_used_at IS NULL OR last_used_at < :notSince)', { id, notSince })
      .execute();
  }
}
