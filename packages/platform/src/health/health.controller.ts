import { Controller, Get } from '@nestjs/common';

/**
 * The public port's only health route: the process is up, nothing more (it touches no dependency
 * and names none). Readiness with details and /metrics are on the internal port (InternalServer).
 */
@Controller('health')
export class HealthController {
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}
