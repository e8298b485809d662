import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  createProcessorRequestSchema,
  updateProcessorRequestSchema,
  type CreatedProcessor,
  type ProcessorView,
  type UpdateProcessorRequest,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ProcessorsService, type CreateProcessor } from './processors.service';

@Controller('api/integrations/payment-processors')
export class ProcessorsController {
  constructor(private readonly processors: ProcessorsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<ProcessorView[]> {
    return this.processors.list(user.id);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createProcessorRequestSchema)) body: CreateProcessor,
  ): Promise<CreatedProcessor> {
    return this.processors.create(user.id, body);
  }

  @Put(':id')
  setActive(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateProcessorRequestSchema)) body: UpdateProcessorRequest,
  ): Promise<ProcessorView> {
    return this.processors.setActive(user.id, id, body);
  }
}
