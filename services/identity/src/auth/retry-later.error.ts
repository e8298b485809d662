import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/platform';
import type { Response } from 'express';

/** A refusal that ends by itself: 429 in the one error shape, with `Retry-After`. */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(ErrorCode.RateLimited, message);
  }
}

/** Adds `Retry-After` to a RetryLaterError's answer (the platform filter maps everything else). */
@Catch(RetryLaterError)
export class RetryAfterFilter implements ExceptionFilter {
  catch(error: RetryLaterError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(error.status).json(error.toBody());
  }
}
