import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { profileFields, type Profile, type UpdateProfileRequest } from '@app/contracts';
import { OutboxService, TransactionRunner } from '@app/platform';
import { toProfile } from './profile.mapper';
import { ProfilesRepository } from './profiles.repository';

@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
  ) {}

  /** The user's profile; all fields empty until registration's event has arrived or they save. */
  async get(userId: string): Promise<Profile> {
    return toProfile(await this.profiles.findByUserId(userId));
  }

  /** Saves the given fields and publishes ProfileUpdated naming those that changed. */
  async update(userId: string, changes: UpdateProfileRequest, requestId?: string): Promise<Profile> {
    return this.transactions.run(async (manager) => {
      const current = toProfile(await this.profiles.lockByUserId(manager, userId));
      const next: Profile = { ...current, ...changes };
      const changedFields = profileFields.filter((field) => next[field] !== current[field]);
      if (changedFields.length === 0) return current;
      await this.profiles.save(manager, userId, next);
      await this.outbox.publish(
        manager,
        'ProfileUpdated',
        userId,
        { userId, changedFields, updatedAt: timestampFromDate(new Date()) },
        requestId,
      );
      return next;
    });
  }
}
