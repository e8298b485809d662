import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ReadModelRepository } from './read-model.repository';

/** The account's business name and e-mail, for the reports' title page. */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;

  constructor(private readonly readModel: ReadModelRepository) {}

  async handle(event: Event<'UserRegistered'>, { manager }: EventContext): Promise<void> {
    if (!event.userId) return;
    await this.readModel.account(manager, {
      userId: event.userId,
      email: event.email,
      firstName: event.firstName,
      lastName: event.lastName,
      businessName: event.businessName,
    });
  }
}
