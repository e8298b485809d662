import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { REQUEST_ID_HEADER } from '../logging/logging.module';

/** The request id the gateway assigned (x-request-id), to carry into published events. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers[REQUEST_ID_HEADER];
  return typeof value === 'string' ? value : undefined;
});
