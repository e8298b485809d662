import { apiKeyMessages, ErrorCode, type ErrorBody } from '@app/contracts';
import { rateLimitedMessage } from '@app/platform/redis';
import type { FastifyReply } from 'fastify';

export function sendError(reply: FastifyReply, status: number, error: ErrorCode, message: string): FastifyReply {
  const body: ErrorBody = { error, message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export const messages = {
  notFound: 'No such API endpoint.',
  unauthenticated: 'Please sign in to continue.',
  unverified: 'Please verify your email address to continue.',
  tooLarge: 'Request body is too large',
  rateLimited: rateLimitedMessage,
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  methodNotAllowed: 'Method not allowed for this endpoint.',
  malformedUrl: 'The request URL is malformed: a % must start a valid escape such as %20.',
  pathTraversal: 'The request URL is malformed: it may not hold a ".." segment.',
  crossSite: 'Cross-site request refused: changes are accepted only from the web app itself.',
  jsonOnly: 'Request body must be JSON (Content-Type: application/json).',
  jsonOrUpload: 'Request body must be JSON or an upload (Content-Type: multipart/form-data).',
  lengthRequired: 'An upload must declare its size (Content-Length).',
  apiKeyNotAccepted: 'API keys cannot be used on this endpoint.',
  invalidApiKey: 'Invalid API key: it is unknown, revoked or expired.',
  apiKeyScope: (scope: string) =>
    scope === 'webhooks' ? apiKeyMessages.webhooksScopeRequired : `This API key lacks the ${scope} scope.`,
  testKeyMovesMoney: 'Test API keys cannot move money. Use a live key.',
} as const;

export { ErrorCode };
