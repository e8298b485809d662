export { ApiError, PaymentsClient, type ClientOptions } from './client';
export type * from './generated';
