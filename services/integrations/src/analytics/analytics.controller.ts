import { Controller, Get } from '@nestjs/common';
import type { IntegrationsAnalytics } from '@app/contracts';
import { CurrentUser, type AuthUser } from '@app/platform';
import { AnalyticsService } from './analytics.service';

@Controller('api/integrations/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  summary(@CurrentUser() user: AuthUser): Promise<IntegrationsAnalytics> {
    return this.analytics.summary(user.id);
  }
}
