import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { analyticsEventRequestSchema, type AnalyticsEventAccepted, type AnalyticsEventRequest } from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { PageEventsService } from './page-events.service';

/** POST /api/analytics/events: a session is optional; with one, the event is stored as the user's. */
@Controller('api/analytics/events')
export class PageEventsController {
  constructor(private readonly events: PageEventsService) {}

  @Post()
  @HttpCode(202)
  record(
    @CurrentUser() user: AuthUser | null,
    @Body(new ZodValidationPipe(analyticsEventRequestSchema)) body: AnalyticsEventRequest,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<AnalyticsEventAccepted> {
    return this.events.record(user?.id ?? null, body, userAgent);
  }
}
