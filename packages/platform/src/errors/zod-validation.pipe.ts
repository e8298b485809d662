import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseInput } from './validation';

/** `@Body(new ZodValidationPipe(schema))`: the request is checked against the shared contract. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    return parseInput(this.schema, value);
  }
}
