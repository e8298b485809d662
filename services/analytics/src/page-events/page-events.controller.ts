import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { analyticsEventRequestSchema, type AnalyticsEventAccepted, type AnalyticsEventRequest } from '@app/contracts';
import { accessTokenOf, APP_CONFIG, verifyAccessToken, ZodValidationPipe, type BaseConfig } from '@app/platform';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';

/**
 * POST /api/analytics/events: page views and custom events of the web app, stored here instead
 * of a third-party tracker. A session is optional: when the request carries a valid one the user
 * id is stored with the event. The gateway rate-limits the route.
 */
@Controller('api/analytics/events')
export class PageEventsController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
  ) {}

  @Post()
  @HttpCode(202)
  async record(
    @Req() req: Request,
    @Body(new ZodValidationPipe(analyticsEventRequestSchema)) body: AnalyticsEventRequest,
  ): Promise<AnalyticsEventAccepted> {
    const user = verifyAccessToken(accessTokenOf(req.cookies, req.headers.authorization), this.config.JWT_SECRET);
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO analytics.page_events (id, user_id, name, path, referrer, properties, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        user?.id ?? null,
        body.name,
        body.path,
        body.referrer || null,
        JSON.stringify(body.properties ?? {}),
        (req.headers['user-agent'] ?? '').slice(0, 300) || null,
      ],
    );
    return { accepted: true, id };
  }
}
