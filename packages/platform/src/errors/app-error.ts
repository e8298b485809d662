import { ErrorCode, type ErrorBody } from '@app/contracts';

const statusOfCode: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.MalformedBody]: 400,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.InvalidCredentials]: 401,
  [ErrorCode.EmailNotVerified]: 403,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.EmailTaken]: 409,
  [ErrorCode.InvalidToken]: 400,
  [ErrorCode.InvalidSignature]: 400,
  [ErrorCode.AlreadyVerified]: 409,
  [ErrorCode.KycRequired]: 403,
  [ErrorCode.RegionRestricted]: 403,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.Internal]: 500,
};

export const httpStatusOf = (code: ErrorCode): number => statusOfCode[code];

/** The error every module throws for an expected failure; mapped to HTTP in one filter. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return httpStatusOf(this.code);
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
