import {
  chargeSchema,
  escrowActionResultSchema,
  escrowConditionSchema,
  escrowListSchema,
  escrowSchema,
  myEscrowsSchema,
  xrpAccountSchema,
  xrpPaymentResultSchema,
  xrpWalletSchema,
  type CancelEscrowRequest,
  type Charge,
  type CreateChargeRequest,
  type CreateEscrowRequest,
  type Escrow,
  type EscrowActionResult,
  type EscrowCondition,
  type EscrowList,
  type FinishEscrowRequest,
  type MyEscrows,
  type XrpAccount,
  type XrpPaymentRequest,
  type XrpPaymentResult,
  type XrpWallet,
} from '@app/contracts';
import { apiRequest } from './client';

const post = { method: 'POST' } as const;

/** POST /api/crypto/coinbase/charge: a Coinbase Commerce charge for a USD amount. */
export function createCharge(body: CreateChargeRequest): Promise<Charge> {
  return apiRequest('/api/crypto/coinbase/charge', chargeSchema, { ...post, body });
}

/** GET /api/crypto/coinbase/charge/{id}: the charge with its current status. */
export function fetchCharge(id: string): Promise<Charge> {
  return apiRequest(`/api/crypto/coinbase/charge/${encodeURIComponent(id)}`, chargeSchema);
}

/** POST /api/crypto/xrp/wallet/generate: a new XRP Ledger address and its seed (returned this once). */
export function generateWallet(): Promise<XrpWallet> {
  return apiRequest('/api/crypto/xrp/wallet/generate', xrpWalletSchema, post);
}

/** GET /api/crypto/xrp/account/{address}: the balance the ledger holds for the address. */
export function fetchAccount(address: string): Promise<XrpAccount> {
  return apiRequest(`/api/crypto/xrp/account/${encodeURIComponent(address)}`, xrpAccountSchema);
}

/** POST /api/crypto/xrp/payment: sends XRP from the session wallet. */
export function sendPayment(body: XrpPaymentRequest): Promise<XrpPaymentResult> {
  return apiRequest('/api/crypto/xrp/payment', xrpPaymentResultSchema, { ...post, body });
}

/** POST /api/crypto/xrp/condition: a fresh PREIMAGE-SHA-256 condition and its fulfillment. */
export function generateCondition(): Promise<EscrowCondition> {
  return apiRequest('/api/crypto/xrp/condition', escrowConditionSchema, post);
}

/** POST /api/crypto/xrp/escrow/create */
export function createEscrow(body: CreateEscrowRequest): Promise<Escrow> {
  return apiRequest('/api/crypto/xrp/escrow/create', escrowSchema, { ...post, body });
}

/** POST /api/crypto/xrp/escrow/finish */
export function finishEscrow(body: FinishEscrowRequest): Promise<EscrowActionResult> {
  return apiRequest('/api/crypto/xrp/escrow/finish', escrowActionResultSchema, { ...post, body });
}

/** POST /api/crypto/xrp/escrow/cancel */
export function cancelEscrow(body: CancelEscrowRequest): Promise<EscrowActionResult> {
  return apiRequest('/api/crypto/xrp/escrow/cancel', escrowActionResultSchema, { ...post, body });
}

/** GET /api/crypto/xrp/escrows/{address}: the escrows the address still owns on the ledger. */
export function fetchEscrows(address: string): Promise<EscrowList> {
  return apiRequest(`/api/crypto/xrp/escrows/${encodeURIComponent(address)}`, escrowListSchema);
}

/** GET /api/crypto/xrp/escrows: the escrows this user created here, newest first, with their status. */
export function fetchMyEscrows(): Promise<MyEscrows> {
  return apiRequest('/api/crypto/xrp/escrows', myEscrowsSchema);
}
