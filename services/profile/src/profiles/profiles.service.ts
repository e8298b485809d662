import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ErrorCode, profileFields, profileOptionFields, type Profile, type UpdateProfileRequest } from '@app/contracts';
import { AppError, OutboxService, TransactionRunner } from '@app/platform';
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
      refuseValuesOutsideOptions(changes, current);
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

/**
 * A dropdown field (country, business type, business country) takes a blank or a value of the one
 * list. The value already stored is accepted unchanged, so a profile from before the list can
 * still be saved without touching that field.
 */
function refuseValuesOutsideOptions(changes: UpdateProfileRequest, current: Profile): void {
  const details = Object.entries(profileOptionFields).flatMap(([field, { isValid, message }]) => {
    const value = changes[field as keyof typeof profileOptionFields];
    const accepted = value === undefined || value === '' || value === current[field as keyof Profile] || isValid(value);
    return accepted ? [] : [{ path: field, message }];
  });
  if (details.length > 0) throw new AppError(ErrorCode.ValidationFailed, details[0]!.message, details);
}
