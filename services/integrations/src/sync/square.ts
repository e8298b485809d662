import type { TransactionDelivery } from '@app/contracts';

/** The fields of a Square Payment (GET /v2/payments) the sync reads. */
export interface SquareMoney {
  amount?: number;
  currency?: string;
}
export interface SquarePayment {
  id: string;
  created_at: string;
  status?: string;
  source_type?: string;
  amount_money?: SquareMoney;
  total_money?: SquareMoney;
  refunded_money?: SquareMoney;
  location_id?: string;
  customer_id?: string;
  buyer_email_address?: string;
  order_id?: string;
  card_details?: { card?: { card_brand?: string; last_4?: string } };
  billing_address?: { country?: string };
  shipping_address?: { country?: string };
}
export interface SquarePaymentsPage {
  payments?: SquarePayment[];
  cursor?: string;
  errors?: { code?: string; detail?: string }[];
}

/** Square-Version header: the API version the mapping below was written against. */
export const SQUARE_VERSION = '2025-01-23';

const paymentMethodOf: Record<string, TransactionDelivery['paymentMethod']> = {
  CARD: 'card',
  CASH: 'cash',
  WALLET: 'wallet',
  BANK_ACCOUNT: 'bank_transfer',
};

/** Square amounts are in the currency's smallest unit; the platform stores decimals. */
export function decimalOf(money: SquareMoney): string {
  const currency = money.currency ?? 'USD';
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const units = String(Math.abs(Math.trunc(money.amount ?? 0)));
  if (digits === 0) return units;
  const padded = units.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

function statusOf(payment: SquarePayment): TransactionDelivery['status'] {
  const total = payment.total_money?.amount ?? payment.amount_money?.amount ?? 0;
  const refunded = payment.refunded_money?.amount ?? 0;
  if (refunded > 0 && refunded >= total) return 'refunded';
  switch (payment.status) {
    case 'COMPLETED':
      return 'completed';
    case 'CANCELED':
    case 'FAILED':
      return 'failed';
    default:
      return 'pending'; // APPROVED and PENDING: authorized, not captured yet
  }
}

/** One Square payment as a platform delivery; a partial refund leaves the sale completed. */
export function deliveryOfSquarePayment(payment: SquarePayment): TransactionDelivery {
  const money = payment.total_money ?? payment.amount_money ?? {};
  const country = payment.billing_address?.country ?? payment.shipping_address?.country;
  const card = payment.card_details?.card;
  return {
    externalTransactionId: payment.id,
    amount: decimalOf(money),
    currency: money.currency ?? 'USD',
    status: statusOf(payment),
    paymentMethod: paymentMethodOf[payment.source_type ?? ''] ?? 'other',
    ...(country ? { country } : {}),
    occurredAt: payment.created_at,
    ...(payment.customer_id || payment.buyer_email_address || card
      ? {
          customer: {
            ...(payment.customer_id ? { id: payment.customer_id } : {}),
            ...(payment.buyer_email_address ? { email: payment.buyer_email_address } : {}),
            ...(card ? { cardBrand: card.card_brand, cardLast4: card.last_4 } : {}),
          },
        }
      : {}),
    ...(payment.order_id ? { product: { orderId: payment.order_id } } : {}),
    ...(payment.location_id ? { location: { id: payment.location_id } } : {}),
  };
}

/** The URL of one page of payments created since `since`, at a location when one is set. */
export function squarePaymentsUrl(base: string, since: Date, locationId: string | null, cursor?: string): string {
  const url = new URL('/v2/payments', base);
  url.searchParams.set('begin_time', since.toISOString());
  url.searchParams.set('sort_order', 'ASC');
  url.searchParams.set('limit', '100');
  if (locationId) url.searchParams.set('location_id', locationId);
  if (cursor) url.searchParams.set('cursor', cursor);
  return url.toString();
}
