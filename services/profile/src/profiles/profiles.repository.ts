import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { UserProfile } from '@app/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { ProfileRecord } from './profile.entity';

@Injectable()
export class ProfilesRepository {
  constructor(@InjectRepository(ProfileRecord) private readonly profiles: Repository<ProfileRecord>) {}

  findByUserId(userId: string): Promise<ProfileRecord | null> {
    return this.profiles.findOneBy({ userId });
  }

  lockByUserId(manager: EntityManager, userId: string): Promise<ProfileRecord | null> {
    return manager.findOne(ProfileRecord, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, userId: string, fields: Partial<UserProfile>): Promise<ProfileRecord> {
    return manager.save(manager.create(ProfileRecord, { userId, ...fields }));
  }

  /** Inserts the profile unless one exists; returns whether it inserted. */
  async insertIfAbsent(manager: EntityManager, userId: string, fields: Partial<UserProfile>): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(ProfileRecord)
      .values({ userId, ...fields })
      .orIgnore()
      .returning(['userId'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}
