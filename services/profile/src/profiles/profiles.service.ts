import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ErrorCode,
  kybMessages,
  kybNumberIssues,
  normalizedKybNumber,
  profileKybFields,
  profileOptionFields,
  userProfileFields,
  type UpdateProfileRequest,
  type UserProfile,
} from '@app/contracts';
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
  async get(userId: string): Promise<UserProfile> {
    return toProfile(await this.profiles.findByUserId(userId));
  }

  /** Saves the given fields and publishes ProfileUpdated naming those that changed. */
  async update(userId: string, changes: UpdateProfileRequest, requestId?: string): Promise<UserProfile> {
    return this.transactions.run(async (manager) => {
      const current = toProfile(await this.profiles.lockByUserId(manager, userId));
      refuseValuesOutsideOptions(changes, current);
      const given: UserProfile = { ...current, ...changes };
      const next: UserProfile = { ...given, ...checkedBusinessNumbers(given, current) };
      const changedFields = userProfileFields.filter((field) => next[field] !== current[field]);
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
function refuseValuesOutsideOptions(changes: UpdateProfileRequest, current: UserProfile): void {
  const details = Object.entries(profileOptionFields).flatMap(([field, { isValid, message }]) => {
    const value = changes[field as keyof typeof profileOptionFields];
    const accepted =
      value === undefined || value === '' || value === current[field as keyof UserProfile] || isValid(value);
    return accepted ? [] : [{ path: field, message }];
  });
  if (details.length > 0) throw new AppError(ErrorCode.ValidationFailed, details[0]!.message, details);
}

/**
 * The business numbers (NZBN, company registration number, tax ID) are checked as the KYB step and
 * registration check them, for the business country; the changed ones are returned as KYB stores
 * them (digit-only formats without spaces or dashes). A number is checked when it
 * changes, and every number when the business country changes; a number saved before these checks
 * can still be kept while other fields change.
 */
function checkedBusinessNumbers(next: UserProfile, current: UserProfile): Partial<UserProfile> {
  const countryChanged = next.businessCountry !== current.businessCountry;
  const details: { path: string; message: string }[] = [];
  const normalized: Partial<UserProfile> = {};
  for (const [field, kybField] of Object.entries(profileKybFields) as [keyof typeof profileKybFields, string][]) {
    const value = next[field].trim();
    if (!value || (!countryChanged && next[field] === current[field])) continue;
    if (!next.businessCountry) {
      details.push({ path: 'businessCountry', message: kybMessages.country });
      break;
    }
    for (const issue of kybNumberIssues({ country: next.businessCountry, [kybField]: value }))
      details.push({ path: field, message: issue.message });
    if (next[field] !== current[field]) normalized[field] = normalizedKybNumber(value) ?? '';
  }
  if (details.length > 0) throw new AppError(ErrorCode.ValidationFailed, details[0]!.message, details);
  return normalized;
}
