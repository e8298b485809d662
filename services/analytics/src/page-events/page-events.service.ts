import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AnalyticsEventAccepted, AnalyticsEventRequest } from '@app/contracts';
import { PageEventsRepository } from './page-events.repository';

/** Page views and custom events of the web app, stored here instead of a third-party tracker. */
@Injectable()
export class PageEventsService {
  constructor(private readonly repository: PageEventsRepository) {}

  async record(
    userId: string | null,
    event: AnalyticsEventRequest,
    userAgent: string | undefined,
  ): Promise<AnalyticsEventAccepted> {
    const id = randomUUID();
    await this.repository.insert({
      id,
      userId,
      name: event.name,
      path: event.path,
      referrer: event.referrer || null,
      properties: event.properties ?? {},
      userAgent: userAgent?.slice(0, 300) || null,
    });
    return { accepted: true, id };
  }
}
