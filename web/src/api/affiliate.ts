import {
  adminPayoutViewSchema,
  affiliateApplicationViewSchema,
  affiliateProfileSchema,
  affiliateStatsSchema,
  customContentResponseSchema,
  marketingAssetsResponseSchema,
  payoutListSchema,
  payoutViewSchema,
  referralListSchema,
  referralWindowPath,
  referralWindowSchema,
  valuePropositionResponseSchema,
  type AdminPayoutView,
  type AffiliateApplication,
  type AffiliateApplicationView,
  type AffiliateProfile,
  type AffiliateStats,
  type AffiliateStatusChange,
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
import { z } from 'zod';
import { ApiError, apiRequest } from './client';

/** GET /api/affiliate/profile: the signed-in user's affiliate account, or null when there is none (404). */
export async function fetchAffiliateProfile(): Promise<AffiliateProfile | null> {
  try {
    return await apiRequest('/api/affiliate/profile', affiliateProfileSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/affiliate/referrals: newest first. */
export function fetchReferrals(): Promise<ReferralView[]> {
  return apiRequest('/api/affiliate/referrals', referralListSchema);
}

/** GET /api/affiliate/payouts: newest first. */
export function fetchPayouts(): Promise<PayoutView[]> {
  return apiRequest('/api/affiliate/payouts', payoutListSchema);
}

export function fetchAffiliateStats(): Promise<AffiliateStats> {
  return apiRequest('/api/affiliate/stats', affiliateStatsSchema);
}

/** POST /api/affiliate/register: the application; the account starts pending. */
export function registerAffiliate(body: AffiliateApplication): Promise<AffiliateProfile> {
  return apiRequest('/api/affiliate/register', affiliateProfileSchema, { method: 'POST', body });
}

/** POST /api/affiliate/create-demo: an approved demo account for a user without one. */
export function createDemoAffiliate(): Promise<AffiliateProfile> {
  return apiRequest('/api/affiliate/create-demo', affiliateProfileSchema, { method: 'POST' });
}

/** POST /api/affiliate/request-payout: moves the whole balance to a pending payout. */
export function requestPayout(): Promise<PayoutView> {
  return apiRequest('/api/affiliate/request-payout', payoutViewSchema, { method: 'POST' });
}

export function generateMarketingAssets(body: MarketingAssetsRequest): Promise<MarketingAssetsResponse> {
  return apiRequest('/api/affiliate/generate-marketing-assets', marketingAssetsResponseSchema, {
    method: 'POST',
    body,
  });
}

export function generateCustomContent(body: CustomContentRequest): Promise<CustomContentResponse> {
  return apiRequest('/api/affiliate/generate-custom-content', customContentResponseSchema, { method: 'POST', body });
}

export function generateValueProposition(body: ValuePropositionRequest): Promise<ValuePropositionResponse> {
  return apiRequest('/api/affiliate/generate-value-proposition', valuePropositionResponseSchema, {
    method: 'POST',
    body,
  });
}

const applicationListSchema = z.array(affiliateApplicationViewSchema);
const adminPayoutListSchema = z.array(adminPayoutViewSchema);
const statusQuery = (status: string | undefined) => (status ? `?status=${encodeURIComponent(status)}` : '');

/** Admin: affiliate applications, optionally of one status, newest first. */
export function fetchAdminApplications(status?: string): Promise<AffiliateApplicationView[]> {
  return apiRequest(`/api/affiliate/admin/applications${statusQuery(status)}`, applicationListSchema);
}

/** Admin: approve, reject or suspend an affiliate. */
export function changeApplicationStatus(id: string, body: AffiliateStatusChange): Promise<AffiliateApplicationView> {
  return apiRequest(
    `/api/affiliate/admin/applications/${encodeURIComponent(id)}/status`,
    affiliateApplicationViewSchema,
    { method: 'POST', body },
  );
}

/** Admin: payout requests, optionally of one status, newest first. */
export function fetchAdminPayouts(status?: string): Promise<AdminPayoutView[]> {
  return apiRequest(`/api/affiliate/admin/payouts${statusQuery(status)}`, adminPayoutListSchema);
}

/** Admin: mark a payout paid, or failed (its amount goes back to the balance). */
export function changePayoutStatus(id: string, body: PayoutStatusChange): Promise<AdminPayoutView> {
  return apiRequest(`/api/affiliate/admin/payouts/${encodeURIComponent(id)}/status`, adminPayoutViewSchema, {
    method: 'POST',
    body,
  });
}

/** Public: how long to keep a visitor's ?ref= code (the affiliate's tier window); 404 when unknown. */
export const fetchReferralWindow = (code: string): Promise<ReferralWindow> =>
  apiRequest(referralWindowPath(code), referralWindowSchema);
