import {
  routeById,
  type CreatedPos,
  type CreatedProcessor,
  type CreatePosRequest,
  type CreateProcessorRequest,
  type IntegrationsAnalytics,
  type IntegrationTransactionDetail,
  type IntegrationTransactionView,
  type PosView,
  type ProcessorView,
  type SampleDeliveryResponse,
  type UpdateProcessorRequest,
} from '@app/contracts';
import { callRoute } from './client';

/** GET /api/integrations/payment-processors: the signed-in user's processors, credentials masked. */
export function fetchProcessors(): Promise<ProcessorView[]> {
  return callRoute(routeById('listPaymentProcessors'));
}

/** POST /api/integrations/payment-processors: the answer carries the signing secret, once. */
export function createProcessor(body: CreateProcessorRequest): Promise<CreatedProcessor> {
  return callRoute(routeById('createPaymentProcessor'), { body });
}

/** PUT /api/integrations/payment-processors/{id}: the active toggle. */
export function updateProcessor(id: string, body: UpdateProcessorRequest): Promise<ProcessorView> {
  return callRoute(routeById('updatePaymentProcessor'), { params: { id }, body });
}

/** GET /api/integrations/pos-systems: the signed-in user's POS systems, credentials masked. */
export function fetchPosSystems(): Promise<PosView[]> {
  return callRoute(routeById('listPosSystems'));
}

/** POST /api/integrations/pos-systems: the answer carries the signing secret, once. */
export function createPosSystem(body: CreatePosRequest): Promise<CreatedPos> {
  return callRoute(routeById('createPosSystem'), { body });
}

/** GET /api/integrations/analytics: the four summary figures. */
export function fetchIntegrationsAnalytics(): Promise<IntegrationsAnalytics> {
  return callRoute(routeById('getIntegrationsAnalytics'));
}

/** POST /api/integrations/webhooks/{id}/sample: a signed test transaction through ingestion, and its outcome. */
export function sendSampleDelivery(id: string): Promise<SampleDeliveryResponse> {
  return callRoute(routeById('sendIntegrationSampleDelivery'), { params: { id } });
}

/** GET /api/integrations/transactions: the reported transactions, newest first. */
export function fetchIntegrationTransactions(integrationId?: string): Promise<IntegrationTransactionView[]> {
  return callRoute(routeById('listIntegrationTransactions'), { query: integrationId ? { integrationId } : {} });
}

/** GET /api/integrations/transactions/{id}: the provider's fields, history and webhooks sent. */
export function fetchIntegrationTransaction(id: string): Promise<IntegrationTransactionDetail> {
  return callRoute(routeById('getIntegrationTransaction'), { params: { id } });
}
