import {
  routeById,
  type AdminPayoutView,
  type AffiliateApplication,
  type AffiliateApplicationView,
  type AffiliateProfile,
  type AffiliateStats,
  type AffiliateStatusChange,
  type AffiliateVisitorApplication,
  type AffiliateVisitorApplicationResponse,
  type ReferralWindow,
  type CustomContentRequest,
  type CustomContentResponse,
  type MarketingAssetsRequest,
  type MarketingAssetsResponse,
  type PayoutStatusChange,
  type PayoutView,
  type ReferralView,
  type ValuePropositionRequest,
  type ValuePropositionResponse,
} from '@app/contracts';
import { ApiError, callRoute } from './client';

/** GET /api/affiliate/profile: the signed-in user's affiliate account, or null when there is none (404). */
export async function fetchAffiliateProfile(): Promise<AffiliateProfile | null> {
  try {
    return await callRoute(routeById('getAffiliateProfile'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/affiliate/referrals: newest first. */
export function fetchReferrals(): Promise<ReferralView[]> {
  return callRoute(routeById('listAffiliateReferrals'));
}

/** GET /api/affiliate/payouts: newest first. */
export function fetchPayouts(): Promise<PayoutView[]> {
  return callRoute(routeById('listAffiliatePayouts'));
}

export function fetchAffiliateStats(): Promise<AffiliateStats> {
  return callRoute(routeById('getAffiliateStats'));
}

/** POST /api/affiliate/register: the application; the account starts pending. */
export function registerAffiliate(body: AffiliateApplication): Promise<AffiliateProfile> {
  return callRoute(routeById('registerAffiliate'), { body });
}

/** POST /api/affiliate/apply: a visitor's application, which creates their account (verification mailed) too. */
export function applyAsAffiliate(body: AffiliateVisitorApplication): Promise<AffiliateVisitorApplicationResponse> {
  return callRoute(routeById('applyAsAffiliate'), { body });
}

/** POST /api/affiliate/create-demo: an approved demo account for a user without one. */
export function createDemoAffiliate(): Promise<AffiliateProfile> {
  return callRoute(routeById('createDemoAffiliate'));
}

/** POST /api/affiliate/request-payout: moves the whole balance to a pending payout. */
export function requestPayout(): Promise<PayoutView> {
  return callRoute(routeById('requestAffiliatePayout'));
}

export function generateMarketingAssets(body: MarketingAssetsRequest): Promise<MarketingAssetsResponse> {
  return callRoute(routeById('generateMarketingAssets'), { body });
}

export function generateCustomContent(body: CustomContentRequest): Promise<CustomContentResponse> {
  return callRoute(routeById('generateCustomContent'), { body });
}

export function generateValueProposition(body: ValuePropositionRequest): Promise<ValuePropositionResponse> {
  return callRoute(routeById('generateValueProposition'), { body });
}

/** Admin: affiliate applications, optionally of one status, newest first. */
export function fetchAdminApplications(status?: string): Promise<AffiliateApplicationView[]> {
  return callRoute(routeById('listAffiliateApplications'), { query: { status } });
}

/** Admin: approve, reject or suspend an affiliate. */
export function changeApplicationStatus(id: string, body: AffiliateStatusChange): Promise<AffiliateApplicationView> {
  return callRoute(routeById('setAffiliateApplicationStatus'), { params: { id }, body });
}

/** Admin: payout requests, optionally of one status, newest first. */
export function fetchAdminPayouts(status?: string): Promise<AdminPayoutView[]> {
  return callRoute(routeById('listAllAffiliatePayouts'), { query: { status } });
}

/** Admin: mark a payout paid, or failed (its amount goes back to the balance). */
export function changePayoutStatus(id: string, body: PayoutStatusChange): Promise<AdminPayoutView> {
  return callRoute(routeById('setAffiliatePayoutStatus'), { params: { id }, body });
}

/** Public: how long to keep a visitor's ?ref= code (the affiliate's tier window); 404 when unknown. */
export const fetchReferralWindow = (code: string): Promise<ReferralWindow> =>
  callRoute(routeById('getReferralWindow'), { params: { code } });
