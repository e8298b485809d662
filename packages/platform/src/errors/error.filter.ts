import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode, type ErrorBody } from '@app/contracts';
import type { Response } from 'express';
import { AppError } from './app-error';

const codeOfStatus: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.RateLimited,
  503: ErrorCode.ServiceUnavailable,
};

interface BodyParserError {
  type?: string;
  status?: number;
  /** Set by http-errors on errors that are safe to describe to the client. */
  expose?: boolean;
}

/** Maps every thrown thing to the one error shape; never leaks a stack trace. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) return { status: exception.status, body: exception.toBody() };

  const parserError = exception as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    return { status: 400, body: { error: ErrorCode.MalformedBody, message: 'Request body is not valid JSON' } };
  }
  if (parserError?.type === 'entity.too.large') {
    return { status: 413, body: { error: ErrorCode.PayloadTooLarge, message: 'Request body is too large' } };
  }
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    return { status: 415, body: { error: ErrorCode.UnsupportedMediaType, message: 'Unsupported request encoding' } };
  }
  // Any other body-parser refusal (bad compression, length mismatch, aborted upload) is the client's.
  if (
    (parserError?.type || parserError?.expose) &&
    parserError.status !== undefined &&
    parserError.status >= 400 &&
    parserError.status < 500
  ) {
    return { status: 400, body: { error: ErrorCode.MalformedBody, message: 'Request body could not be read' } };
  }

  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response && 'message' in response && typeof response.message === 'string'
        ? response.message
        : exception.message;
    return {
      status,
      body: {
        error: codeOfStatus[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed),
        message,
      },
    };
  }
  return { status: 500, body: { error: ErrorCode.Internal, message: 'Something went wrong. Please try again.' } };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorResponse(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
