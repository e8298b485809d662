import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { createChargeRequestSchema, type Charge } from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ChargesService, type CreateCharge } from './charges.service';

@Controller('api/crypto/coinbase/charge')
export class ChargesController {
  constructor(private readonly charges: ChargesService) {}

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createChargeRequestSchema)) body: CreateCharge,
    @RequestId() requestId: string | undefined,
  ): Promise<Charge> {
    return this.charges.create(user.id, body, requestId);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Charge> {
    return this.charges.get(user.id, id);
  }
}
