import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ProfilesRepository } from './profiles.repository';

/**
 * Creates the profile prefilled from registration; a profile the user already saved is kept.
 * Business type and country are stored as registration sent them: values of the one list
 * (business-options.ts) that Settings shows by label.
 */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;

  constructor(private readonly profiles: ProfilesRepository) {}

  async handle(event: Event<'UserRegistered'>, { manager }: EventContext): Promise<void> {
    const prefill = {
      firstName: event.firstName,
      lastName: event.lastName,
      phone: event.phone,
      country: event.country,
      companyName: event.businessName,
      businessType: event.businessType,
      businessAddress: event.businessAddress,
      businessCountry: event.country,
      // Issue 39: the business numbers registration checked (for this country) and normalised.
      nzbn: event.nzbn,
      companyRegistrationNumber: event.businessNumber,
      taxId: event.taxNumber,
      gstRegistered: event.gstRegistered,
    };
    if (await this.profiles.insertIfAbsent(manager, event.userId, prefill)) return;
    const existing = await this.profiles.lockByUserId(manager, event.userId);
    if (!existing) return;
    // What the user has not filled in yet (a GST registration already saved as yes is kept).
    const blanks = Object.fromEntries(
      Object.entries(prefill).filter(([field]) => {
        const saved = existing[field as keyof typeof prefill];
        return saved === '' || saved === false;
      }),
    );
    if (Object.keys(blanks).length > 0) await this.profiles.save(manager, event.userId, { ...existing, ...blanks });
  }
}
