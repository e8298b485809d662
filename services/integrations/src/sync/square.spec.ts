import { transactionDeliverySchema } from '@app/contracts';
import { decimalOf, deliveryOfSquarePayment, squarePaymentsUrl, type SquarePayment } from './square';

const payment = (overrides: Partial<SquarePayment> = {}): SquarePayment => ({
  id: 'R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY',
  created_at: '2026-11-21T22:15:04.517Z',
  status: 'COMPLETED',
  source_type: 'CARD',
  amount_money: { amount: 12990, currency: 'USD' },
  total_money: { amount: 12990, currency: 'USD' },
  location_id: 'LOC1',
  customer_id: 'CUST1',
  order_id: 'ORDER1',
  card_details: { card: { card_brand: 'VISA', last_4: '1111' } },
  billing_address: { country: 'US' },
  ...overrides,
});

describe('Square payments as platform deliveries', () => {
  it('maps a completed card payment, amounts from the smallest unit to a decimal', () => {
    const delivery = deliveryOfSquarePayment(payment());
    expect(delivery).toEqual({
      externalTransactionId: 'R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY',
      amount: '129.90',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'card',
      country: 'US',
      occurredAt: '2026-11-21T22:15:04.517Z',
      customer: { id: 'CUST1', cardBrand: 'VISA', cardLast4: '1111' },
      product: { orderId: 'ORDER1' },
      location: { id: 'LOC1' },
    });
    expect(transactionDeliverySchema.safeParse(delivery).success).toBe(true);
  });

  it.each([
    ['APPROVED', undefined, 'pending'],
    ['PENDING', undefined, 'pending'],
    ['CANCELED', undefined, 'failed'],
    ['FAILED', undefined, 'failed'],
    ['COMPLETED', 12990, 'refunded'],
    ['COMPLETED', 1000, 'completed'],
  ] as const)('status %s with %s refunded is %s', (status, refunded, expected) => {
    const mapped = deliveryOfSquarePayment(
      payment({ status, ...(refunded ? { refunded_money: { amount: refunded, currency: 'USD' } } : {}) }),
    );
    expect(mapped.status).toBe(expected);
  });

  it('maps source types to payment methods and leaves unknown details out', () => {
    const methods = ['CASH', 'WALLET', 'BANK_ACCOUNT', 'EXTERNAL', undefined].map(
      (source_type) => deliveryOfSquarePayment(payment({ source_type })).paymentMethod,
    );
    expect(methods).toEqual(['cash', 'wallet', 'bank_transfer', 'other', 'other']);
    const bare = deliveryOfSquarePayment({ id: 'P1', created_at: '2026-01-01T00:00:00Z', amount_money: { amount: 5 } });
    expect(bare).toEqual({
      externalTransactionId: 'P1',
      amount: '0.05',
      currency: 'USD',
      status: 'pending',
      paymentMethod: 'other',
      occurredAt: '2026-01-01T00:00:00Z',
    });
  });

  it('handles zero-decimal currencies', () => {
    expect(decimalOf({ amount: 1500, currency: 'JPY' })).toBe('1500');
    expect(decimalOf({ amount: 7, currency: 'EUR' })).toBe('0.07');
  });

  it('asks for payments since a time, at a location, page by page', () => {
    const url = new URL(
      squarePaymentsUrl('https://connect.squareup.com', new Date('2026-11-21T00:00:00Z'), 'LOC1', 'CURSOR'),
    );
    expect(url.origin + url.pathname).toBe('https://connect.squareup.com/v2/payments');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      begin_time: '2026-11-21T00:00:00.000Z',
      sort_order: 'ASC',
      limit: '100',
      location_id: 'LOC1',
      cursor: 'CURSOR',
    });
  });
});
