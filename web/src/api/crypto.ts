import {
  routeById,
  type CancelEscrowRequest,
  type Charge,
  type CreateChargeRequest,
  type CreateEscrowRequest,
  type CreateSubscriptionChargeRequest,
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
import { callRoute } from './client';

/** POST /api/crypto/coinbase/charge: a Coinbase Commerce charge for a USD amount. */
export function createCharge(body: CreateChargeRequest): Promise<Charge> {
  return callRoute(routeById('createCoinbaseCharge'), { body });
}

/**
 * POST /api/crypto/coinbase/subscription-charge: the checkout's crypto tab, a charge for one period
 * of a plan at the plan's price; billing activates the plan when it completes.
 */
export function createSubscriptionCharge(body: CreateSubscriptionChargeRequest): Promise<Charge> {
  return callRoute(routeById('createSubscriptionCharge'), { body });
}

/** GET /api/crypto/coinbase/charge/{id}: the charge with its current status. */
export function fetchCharge(id: string): Promise<Charge> {
  return callRoute(routeById('getCoinbaseCharge'), { params: { id } });
}

/** POST /api/crypto/xrp/wallet/generate: a new XRP Ledger address and its seed (returned this once). */
export function generateWallet(): Promise<XrpWallet> {
  return callRoute(routeById('generateXrpWallet'));
}

/** GET /api/crypto/xrp/account/{address}: the balance the ledger holds for the address. */
export function fetchAccount(address: string): Promise<XrpAccount> {
  return callRoute(routeById('getXrpAccount'), { params: { address } });
}

/** POST /api/crypto/xrp/payment: sends XRP from the session wallet. */
export function sendPayment(body: XrpPaymentRequest): Promise<XrpPaymentResult> {
  return callRoute(routeById('sendXrpPayment'), { body });
}

/** POST /api/crypto/xrp/condition: a fresh PREIMAGE-SHA-256 condition and its fulfillment. */
export function generateCondition(): Promise<EscrowCondition> {
  return callRoute(routeById('createEscrowCondition'));
}

/** POST /api/crypto/xrp/escrow/create */
export function createEscrow(body: CreateEscrowRequest): Promise<Escrow> {
  return callRoute(routeById('createXrpEscrow'), { body });
}

/** POST /api/crypto/xrp/escrow/finish */
export function finishEscrow(body: FinishEscrowRequest): Promise<EscrowActionResult> {
  return callRoute(routeById('finishXrpEscrow'), { body });
}

/** POST /api/crypto/xrp/escrow/cancel */
export function cancelEscrow(body: CancelEscrowRequest): Promise<EscrowActionResult> {
  return callRoute(routeById('cancelXrpEscrow'), { body });
}

/** GET /api/crypto/xrp/escrows/{address}: the escrows the address still owns on the ledger. */
export function fetchEscrows(address: string): Promise<EscrowList> {
  return callRoute(routeById('listLedgerXrpEscrows'), { params: { address } });
}

/** GET /api/crypto/xrp/escrows: the escrows this user created here, newest first, with their status. */
export function fetchMyEscrows(): Promise<MyEscrows> {
  return callRoute(routeById('listMyXrpEscrows'));
}
