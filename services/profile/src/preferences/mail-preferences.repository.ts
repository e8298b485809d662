import { Injectable } from '@nestjs/common';
import type { MailPreferences } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { MailPreferencesRecord } from './mail-preferences.entity';

@Injectable()
export class MailPreferencesRepository {
  /** The member's row, locked for the change (created with the defaults first, so two saves queue up). */
  async lock(manager: EntityManager, userId: string): Promise<MailPreferencesRecord> {
    await manager.createQueryBuilder().insert().into(MailPreferencesRecord).values({ userId }).orIgnore().execute();
    return manager.findOneOrFail(MailPreferencesRecord, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  find(manager: EntityManager, userId: string): Promise<MailPreferencesRecord | null> {
    return manager.findOneBy(MailPreferencesRecord, { userId });
  }

  save(manager: EntityManager, userId: string, preferences: MailPreferences): Promise<MailPreferencesRecord> {
    return manager.save(manager.create(MailPreferencesRecord, { userId, ...preferences }));
  }
}
