import { Body, Controller, Get, Post } from '@nestjs/common';
import { createPosRequestSchema, type CreatedPos, type PosView } from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { PosSystemsService, type CreatePos } from './pos-systems.service';

@Controller('api/integrations/pos-systems')
export class PosSystemsController {
  constructor(private readonly posSystems: PosSystemsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<PosView[]> {
    return this.posSystems.list(user.id);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createPosRequestSchema)) body: CreatePos,
  ): Promise<CreatedPos> {
    return this.posSystems.create(user.id, body);
  }
}
