export { ApiError, PaymentsClient, type BinaryAnswer, type ClientOptions } from './client';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  verifyWebhook,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookVerificationError,
  type VerifyWebhookOptions,
} from './webhooks';
export type * from './generated';
