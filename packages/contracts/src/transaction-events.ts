import type { MessageShape } from '@bufbuild/protobuf';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { transactionStatuses, transactionTypes, type TransactionStatus, type TransactionType } from './analytics';
import type { eventCatalog } from './events';

/**
 * How the events that report a merchant's transactions become one transaction each: one copy for
 * every service that keeps a read model of them (analytics, reports-ai), so their figures agree.
 */

type EventOf<T extends keyof typeof eventCatalog> = MessageShape<(typeof eventCatalog)[T]['schema']>;

/** One source transaction as an event reports it. */
export interface SourceTransaction {
  /** The merchant's id in lower case, as Postgres writes a uuid: the services compare it with stored ones. */
  userId: string;
  source: 'integrations' | 'crypto';
  sourceId: string;
  type: TransactionType;
  amount: string;
  currency: string;
  status: TransactionStatus;
  processor: string;
  country: string | null;
  paymentMethod: string | null;
  customerRef: string | null;
  propertyId: string | null;
  blockchainTxHash: string | null;
  description: string | null;
  occurredAt: Date;
}

const when = (timestamp: Timestamp | undefined, fallback: Date): Date =>
  timestamp ? timestampDate(timestamp) : fallback;
const orNull = (value: string | undefined): string | null => (value ? value : null);

/**
 * TransactionRecorded: a processor or POS transaction (fiat), one row per integrations transaction
 * id; none for a test delivery (a sample), which is never the merchant's sale.
 */
export function fromTransactionRecorded(
  event: EventOf<'TransactionRecorded'>,
  occurredAt: Date,
): SourceTransaction | null {
  const status = event.status as TransactionStatus;
  if (!event.userId || event.test || !transactionStatuses.includes(status)) return null;
  const type = (transactionTypes as readonly string[]).includes(event.type) ? (event.type as TransactionType) : 'fiat';
  return {
    userId: event.userId.toLowerCase(),
    source: 'integrations',
    sourceId: event.transactionId,
    type,
    amount: event.amount,
    currency: event.currency.toUpperCase(),
    status,
    processor: event.processor || event.sourceKind || 'unknown',
    country: orNull(event.country?.toUpperCase()),
    paymentMethod: orNull(event.paymentMethod),
    customerRef: orNull(event.customerRef),
    propertyId: null,
    blockchainTxHash: null,
    description: null,
    occurredAt: when(event.occurredAt, occurredAt),
  };
}

type ChargeEvent = EventOf<'ChargeCompleted'> | EventOf<'ChargeFailed'>;

/** ChargeFailed's provider status as a transaction status: EXPIRED is failed, CANCELED cancelled. */
export const chargeFailedStatus = (event: EventOf<'ChargeFailed'>): TransactionStatus =>
  event.status === 'CANCELED' ? 'cancelled' : 'failed';

/**
 * Whether a charge is the merchant paying the platform (a plan bought at checkout, purpose
 * 'subscription'), not a sale: it is billing's, a subscription cost in the read models, never a
 * transaction of the merchant (not in its volume, cash flow, AML screening or reports).
 */
export const chargePaysPlatform = (event: { purpose: string }): boolean => event.purpose === 'subscription';

/** ChargeCompleted / ChargeFailed: a crypto charge priced in USD; none for a charge paying the platform. */
export function fromCharge(event: ChargeEvent, status: TransactionStatus, occurredAt: Date): SourceTransaction | null {
  if (!event.userId || !event.chargeId || chargePaysPlatform(event)) return null;
  return {
    userId: event.userId.toLowerCase(),
    source: 'crypto',
    sourceId: `charge:${event.chargeId}`,
    type: 'crypto',
    amount: event.amount,
    currency: (event.currency || 'USD').toUpperCase(),
    status,
    processor: event.provider || 'coinbase',
    country: null,
    paymentMethod: 'cryptoCurrency' in event && event.cryptoCurrency ? event.cryptoCurrency : 'crypto',
    customerRef: null,
    propertyId: null,
    blockchainTxHash: null,
    description: 'description' in event ? orNull(event.description) : null,
    occurredAt: when(event.occurredAt, occurredAt),
  };
}

type EscrowEvent = EventOf<'EscrowFinished'> | EventOf<'EscrowCancelled'>;

/** EscrowFinished / EscrowCancelled: XRP moved (or returned) on the XRP Ledger; no USD price. */
export function fromEscrow(event: EscrowEvent, status: TransactionStatus, occurredAt: Date): SourceTransaction | null {
  if (!event.userId || !event.escrowId) return null;
  return {
    userId: event.userId.toLowerCase(),
    source: 'crypto',
    sourceId: `escrow:${event.escrowId}`,
    type: 'crypto',
    amount: event.amount,
    currency: (event.currency || 'XRP').toUpperCase(),
    status,
    processor: 'xrpl',
    country: null,
    paymentMethod: 'escrow',
    customerRef: null,
    propertyId: null,
    blockchainTxHash: orNull(event.txHash),
    description: `Escrow to ${event.destination}`,
    occurredAt: when(event.occurredAt, occurredAt),
  };
}
