import { Controller, Get, UseGuards } from '@nestjs/common';
import type { IntegrationsAnalytics } from '@app/contracts';
import { CurrentUser, SessionGuard, type AuthUser } from '@app/platform';
import { AnalyticsService } from './analytics.service';

@Controller('api/integrations/analytics')
@UseGuards(SessionGuard)
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  summary(@CurrentUser() user: AuthUser): Promise<IntegrationsAnalytics> {
    return this.analytics.summary(user.id);
  }
}
