import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { PropertyView } from '@app/contracts';
import { CurrentUser, type AuthUser } from '@app/platform';
import { RegionGuard } from '../region/region.guard';
import { DeploymentService } from './deployment.service';

@Controller('api/tokenization/properties/:id/contract')
@UseGuards(RegionGuard)
export class DeploymentController {
  constructor(private readonly deployments: DeploymentService) {}

  /** The contract config (spec 3); 202: the deployment is queued, the property shows its progress. */
  @Post()
  @HttpCode(202)
  deploy(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: unknown): Promise<PropertyView> {
    return this.deployments.deploy(user.id, id, body);
  }
}

/** The compliance team's exception (admin role, checked from the route's descriptor; not region-gated). */
@Controller('api/tokenization/properties/:id/compliance-exception')
export class ComplianceExceptionController {
  constructor(private readonly deployments: DeploymentService) {}

  @Post()
  @HttpCode(200)
  approve(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: unknown): Promise<PropertyView> {
    return this.deployments.approveException(user, id, body);
  }
}
