import {
  createdPosSchema,
  createdProcessorSchema,
  integrationsAnalyticsSchema,
  posViewSchema,
  processorViewSchema,
  type CreatedPos,
  type CreatedProcessor,
  type CreatePosRequest,
  type CreateProcessorRequest,
  type IntegrationsAnalytics,
  type PosView,
  type ProcessorView,
  type UpdateProcessorRequest,
} from '@app/contracts';
import { z } from 'zod';
import { apiRequest } from './client';

const processorListSchema = z.array(processorViewSchema);
const posListSchema = z.array(posViewSchema);

/** GET /api/integrations/payment-processors: the signed-in user's processors, credentials masked. */
export function fetchProcessors(): Promise<ProcessorView[]> {
  return apiRequest('/api/integrations/payment-processors', processorListSchema);
}

/** POST /api/integrations/payment-processors: the answer carries the signing secret, once. */
export function createProcessor(body: CreateProcessorRequest): Promise<CreatedProcessor> {
  return apiRequest('/api/integrations/payment-processors', createdProcessorSchema, { method: 'POST', body });
}

/** PUT /api/integrations/payment-processors/{id}: the active toggle. */
export function updateProcessor(id: string, body: UpdateProcessorRequest): Promise<ProcessorView> {
  return apiRequest(`/api/integrations/payment-processors/${encodeURIComponent(id)}`, processorViewSchema, {
    method: 'PUT',
    body,
  });
}

/** GET /api/integrations/pos-systems: the signed-in user's POS systems, credentials masked. */
export function fetchPosSystems(): Promise<PosView[]> {
  return apiRequest('/api/integrations/pos-systems', posListSchema);
}

/** POST /api/integrations/pos-systems: the answer carries the signing secret, once. */
export function createPosSystem(body: CreatePosRequest): Promise<CreatedPos> {
  return apiRequest('/api/integrations/pos-systems', createdPosSchema, { method: 'POST', body });
}

/** GET /api/integrations/analytics: the four summary figures. */
export function fetchIntegrationsAnalytics(): Promise<IntegrationsAnalytics> {
  return apiRequest('/api/integrations/analytics', integrationsAnalyticsSchema);
}
