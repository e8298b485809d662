import { Injectable } from '@nestjs/common';
import { businessTypes } from '@app/contracts';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ProfilesRepository } from './profiles.repository';

const businessTypeLabel = (value: string) => businessTypes.find((type) => type.value === value)?.label ?? value;

/** Creates the profile prefilled from registration; a profile the user already saved is kept. */
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
      businessType: businessTypeLabel(event.businessType),
      businessAddress: event.businessAddress,
      businessCountry: event.country,
    };
    if (await this.profiles.insertIfAbsent(manager, event.userId, prefill)) return;
    const existing = await this.profiles.lockByUserId(manager, event.userId);
    if (!existing) return;
    const blanks = Object.fromEntries(
      Object.entries(prefill).filter(([field]) => existing[field as keyof typeof prefill] === ''),
    );
    if (Object.keys(blanks).length > 0) await this.profiles.save(manager, event.userId, { ...existing, ...blanks });
  }
}
