import {
  routeById,
  type CreatedPos,
  type CreatedProcessor,
  type CreatePosRequest,
  type CreateProcessorRequest,
  type IntegrationsAnalytics,
  type PosView,
  type ProcessorView,
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
