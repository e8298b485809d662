import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface NewPageEvent {
  id: string;
  userId: string | null;
  name: string;
  path: string;
  referrer: string | null;
  properties: Record<string, unknown>;
  userAgent: string | null;
}

@Injectable()
export class PageEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(event: NewPageEvent): Promise<void> {
    await this.db.query(
      `INSERT INTO analytics.page_events (id, user_id, name, path, referrer, properties, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        event.id,
        event.userId,
        event.name,
        event.path,
        event.referrer,
        JSON.stringify(event.properties),
        event.userAgent,
      ],
    );
  }
}
