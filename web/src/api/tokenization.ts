import {
  ErrorCode,
  routeById,
  type propertySubmissionSchema,
  type ContractConfig,
  type InvestmentRequest,
  type InvestmentView,
  type PropertyDocumentKey,
  type PropertyList,
  type PropertyView,
  type TokenChainStatusList,
  type TokenizationEligibility,
  type TokenizationSummary,
  type WholesaleDeclarationRequest,
  type WholesaleDeclarationView,
} from '@app/contracts';
import { z } from 'zod';
import { ApiError, callRoute } from './client';

/** The 403 every tokenization call answers with outside New Zealand and Australia. */
export const isRegionRestrictedError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === ErrorCode.RegionRestricted;

/**
 * GET /api/tokenization/eligibility: whether the visitor's location allows tokenization. A 403
 * REGION_RESTRICTED is the same answer (not allowed, with the server's message).
 */
export async function fetchTokenizationEligibility(): Promise<TokenizationEligibility> {
  try {
    return await callRoute(routeById('getTokenizationEligibility'));
  } catch (error) {
    if (!isRegionRestrictedError(error)) throw error;
    return { isAllowed: false, country: null, countryCode: null, restrictionMessage: error.serverMessage ?? null };
  }
}

/** The fields of a submission and one file per document key. */
export interface PropertyUpload {
  fields: z.output<typeof propertySubmissionSchema>;
  documents: Partial<Record<PropertyDocumentKey, File>>;
}

/**
 * POST /api/tokenization/upload (multipart/form-data): the compliance checks start by themselves.
 * A FormData body goes as multipart (client.ts); the route describes its fields for the reference.
 */
export function submitProperty({ fields, documents }: PropertyUpload): Promise<PropertyView> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  for (const [key, file] of Object.entries(documents)) if (file) form.set(key, file, file.name);
  return callRoute(routeById('uploadProperty'), { body: form });
}

/** GET /api/tokenization/properties: the user's submissions. */
export function fetchProperties(): Promise<PropertyList> {
  return callRoute(routeById('listProperties'));
}

/** GET /api/tokenization/properties/:id: the property with its latest compliance run and its token. */
export function fetchProperty(id: string): Promise<PropertyView> {
  return callRoute(routeById('getProperty'), { params: { id } });
}

/** POST /api/tokenization/properties/:id/compliance-check: runs every check again (an empty JSON body). */
export function rerunComplianceCheck(id: string): Promise<PropertyView> {
  return callRoute(routeById('recheckPropertyCompliance'), { params: { id }, body: {} });
}

/** POST /api/tokenization/properties/:id/contract: queues the deployment (202, contract queued). */
export function deployContract(id: string, config: ContractConfig): Promise<PropertyView> {
  return callRoute(routeById('deployPropertyContract'), { params: { id }, body: config });
}

/** GET /api/tokenization/summary: the dashboard's tokenization figures. */
export function fetchTokenizationSummary(): Promise<TokenizationSummary> {
  return callRoute(routeById('getTokenizationSummary'));
}

/** GET /api/tokenization/chains: the chains tokens deploy on, their status and gas price now. */
export function fetchTokenChains(): Promise<TokenChainStatusList> {
  return callRoute(routeById('getTokenChains'));
}

/** GET /api/tokenization/wholesale-declaration: the user's declaration, or null when there is none (404). */
export async function fetchWholesaleDeclaration(): Promise<WholesaleDeclarationView | null> {
  try {
    return await callRoute(routeById('getWholesaleDeclaration'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /api/tokenization/wholesale-declaration: declares (or renews) the wholesale investor status. */
export function saveWholesaleDeclaration(body: WholesaleDeclarationRequest): Promise<WholesaleDeclarationView> {
  return callRoute(routeById('declareWholesaleInvestor'), { body });
}

/** POST /api/tokenization/properties/:id/investments: the answer says how to pay. */
export function createInvestment(propertyId: string, body: InvestmentRequest): Promise<InvestmentView> {
  return callRoute(routeById('createInvestment'), { params: { id: propertyId }, body });
}

/** GET /api/tokenization/investments/:id: the payment and the mint. */
export function fetchInvestment(id: string): Promise<InvestmentView> {
  return callRoute(routeById('getInvestment'), { params: { id } });
}

/** GET /api/tokenization/investments: the user's investments, newest first. */
export async function fetchInvestments(): Promise<InvestmentView[]> {
  return (await callRoute(routeById('listInvestments'))).investments;
}

/** POST /api/tokenization/investments/:id/cancel: an investment awaiting payment, its card payment cancelled. */
export function cancelInvestment(id: string): Promise<InvestmentView> {
  return callRoute(routeById('cancelInvestment'), { params: { id } });
}
