import { z } from 'zod';

/** The one error body every service and the gateway answer with, beside the HTTP status. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Machine-readable codes carried in `error`; the web app branches on these, never on messages. */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  MalformedBody: 'MALFORMED_BODY',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  Unauthenticated: 'UNAUTHENTICATED',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  EmailTaken: 'EMAIL_TAKEN',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  InvalidToken: 'INVALID_TOKEN',
  /** A signed request (e.g. a Stripe webhook) whose signature is missing, wrong or stale. */
  InvalidSignature: 'INVALID_SIGNATURE',
  AlreadyVerified: 'ALREADY_VERIFIED',
  /** The operation needs a verified identity (KYC); the message says what to do. */
  KycRequired: 'KYC_REQUIRED',
  /** Tokenization from outside the licensed countries (NZ, AU): the message names the detected location. */
  RegionRestricted: 'REGION_RESTRICTED',
  RateLimited: 'RATE_LIMITED',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
