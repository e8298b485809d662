import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  deadLetterListQuerySchema,
  type DeadLetterList,
  type ReplayAllResult,
  type ReplayResult,
  type DeadLetterListQuery,
} from '@app/contracts';
import { ZodValidationPipe } from '../errors/zod-validation.pipe';
import { DeadLettersService } from './dead-letters.service';

type ListQuery = Required<DeadLetterListQuery> & { limit: number };

/** Ops only (role admin): this service's dead letters and their replay (docs/events.md). */
@Controller('api/admin/:service/dead-letters')
export class DeadLettersController {
  constructor(private readonly deadLetters: DeadLettersService) {}

  @Get()
  list(
    @Param('service') service: string,
    @Query(new ZodValidationPipe(deadLetterListQuerySchema)) query: ListQuery,
  ): Promise<DeadLetterList> {
    return this.deadLetters.list(service, query.status, query.limit);
  }

  @Post('replay')
  @HttpCode(200)
  async replayAll(@Param('service') service: string): Promise<ReplayAllResult> {
    return { results: await this.deadLetters.replayAll(service) };
  }

  @Post(':id/replay')
  @HttpCode(200)
  replay(@Param('service') service: string, @Param('id') id: string): Promise<ReplayResult> {
    return this.deadLetters.replay(service, id);
  }
}
