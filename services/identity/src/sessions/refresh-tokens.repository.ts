import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { RefreshToken } from './refresh-token.entity';

@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>) {}

  async add(manager: EntityManager, token: Omit<RefreshToken, 'id' | 'createdAt' | 'revokedAt'>): Promise<void> {
    await manager.insert(RefreshToken, token);
  }

  findByHashForUpdate(manager: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return manager.findOne(RefreshToken, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  async revoke(manager: EntityManager, id: string, at = new Date()): Promise<void> {
    await manager.update(RefreshToken, { id }, { revokedAt: at });
  }

  async revokeFamily(familyId: string, at = new Date()): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeAllOfUser(manager: EntityManager, userId: string, at = new Date()): Promise<void> {
    await manager.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  findByHash(tokenHash: string): Promise<RefreshToken | null> {
    return this.tokens.findOneBy({ tokenHash });
  }
}
