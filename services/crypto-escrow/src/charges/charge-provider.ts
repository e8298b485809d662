/**
 * The port between the charge flow and a payment provider. Coinbase Commerce's charges API is the
 * first adapter; it is deprecated in favour of Coinbase's Checkouts API, so this stays narrow:
 * create, read, and verify-and-parse a webhook. A second adapter implements the same three.
 */
export interface NewProviderCharge {
  /** The platform's charge id, sent as metadata so webhooks can be matched either way. */
  chargeId: string;
  userId: string;
  amount: string;
  currency: string;
  description: string;
  metadata: Record<string, unknown>;
}

export interface ProviderCharge {
  providerChargeId: string;
  code: string;
  hostedUrl: string;
  /** Symbol (BTC, ETH, ...) -> address. */
  addresses: Record<string, string>;
  /** Upper-case provider status: NEW, PENDING, COMPLETED, EXPIRED, CANCELED, UNRESOLVED, RESOLVED, ... */
  status: string;
  /** Why the charge was UNRESOLVED (DELAYED: paid after it expired; OVERPAID, UNDERPAID, ...), or null. */
  statusContext: string | null;
  expiresAt: Date | null;
  /** The crypto the payer used, when a payment was seen. */
  cryptoCurrency: string | null;
}

/** A signed webhook's event: its id and type, and the charge as its body reports it (a claim, not proof). */
export interface ProviderChargeEvent {
  id: string;
  type: string;
  charge: ProviderCharge;
}

export interface ChargeProvider {
  /** "coinbase": stored with each charge and carried in its events. */
  readonly name: string;
  create(charge: NewProviderCharge): Promise<ProviderCharge>;
  get(providerChargeId: string): Promise<ProviderCharge>;
  /**
   * The event a signed webhook body carries, or null when it is not about a charge; throws
   * InvalidSignature. Only its charge's id is trusted: the charge is read back with get().
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderChargeEvent | null;
}

export const CHARGE_PROVIDER = Symbol('CHARGE_PROVIDER');

/** The provider could not be reached or refused the call (bad key, outage). */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider has no such charge. */
export class ProviderChargeNotFoundError extends Error {}
