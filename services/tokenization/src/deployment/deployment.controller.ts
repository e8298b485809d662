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
