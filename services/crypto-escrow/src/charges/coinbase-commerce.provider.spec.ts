import { createHmac } from 'node:crypto';
import { AppError } from '@app/platform';
import { CoinbaseCommerceProvider, toProviderCharge } from './coinbase-commerce.provider';

const secret = 'whsec-test';
const provider = new CoinbaseCommerceProvider({ COINBASE_COMMERCE_WEBHOOK_SECRET: secret } as never);
const charge = {
  id: 'f9e0a3c1-0000-4000-8000-000000000001',
  code: 'ABCD2345',
  hosted_url: 'https://commerce.coinbase.com/pay/ABCD2345',
  addresses: { bitcoin: 'bc1qexample', ethereum: '0xabc', polygon: '0xdef' },
  expires_at: '2026-11-22T07:00:00Z',
  timeline: [
    { status: 'NEW', time: '2026-11-22T06:00:00Z' },
    { status: 'COMPLETED', time: '2026-11-22T06:10:00Z' },
  ],
  payments: [{ network: 'ethereum', value: { crypto: { currency: 'ETH' } } }],
};
const sign = (raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

describe('Coinbase Commerce adapter', () => {
  it('reads the status from the last timeline entry and names networks by currency symbol', () => {
    expect(toProviderCharge(charge)).toEqual({
      providerChargeId: charge.id,
      code: 'ABCD2345',
      hostedUrl: charge.hosted_url,
      addresses: { BTC: 'bc1qexample', ETH: '0xabc', MATIC: '0xdef' },
      status: 'COMPLETED',
      statusContext: null,
      expiresAt: new Date('2026-11-22T07:00:00Z'),
      cryptoCurrency: 'ETH',
    });
  });

  it('reads a payment after expiry: UNRESOLVED with its context, then RESOLVED keeping why it was unresolved', () => {
    const late = [
      { status: 'NEW', time: '2026-11-22T06:00:00Z' },
      { status: 'EXPIRED', time: '2026-11-22T07:00:00Z' },
      { status: 'UNRESOLVED', context: 'DELAYED', time: '2026-11-22T07:20:00Z' },
    ];
    expect(toProviderCharge({ ...charge, timeline: late })).toMatchObject({
      status: 'UNRESOLVED',
      statusContext: 'DELAYED',
    });
    const resolved = [...late, { status: 'RESOLVED', time: '2026-11-22T08:00:00Z' }];
    expect(toProviderCharge({ ...charge, timeline: resolved })).toMatchObject({
      status: 'RESOLVED',
      statusContext: 'DELAYED',
    });
  });

  it('accepts a webhook only with the HMAC-SHA256 of its exact bytes', () => {
    const raw = JSON.stringify({ event: { type: 'charge:confirmed', data: charge } });
    expect(provider.parseWebhook(Buffer.from(raw), sign(raw))?.charge.status).toBe('COMPLETED');
    expect(() => provider.parseWebhook(Buffer.from(`${raw} `), sign(raw))).toThrow(AppError);
    expect(() => provider.parseWebhook(Buffer.from(raw), undefined)).toThrow('Invalid or missing signature.');
    expect(() => provider.parseWebhook(Buffer.from(raw), 'zz')).toThrow(AppError);
  });

  it('ignores signed events that are not about a charge', () => {
    const raw = JSON.stringify({ event: { type: 'checkout:created', data: { id: 'x' } } });
    expect(provider.parseWebhook(Buffer.from(raw), sign(raw))).toBeNull();
  });
});
