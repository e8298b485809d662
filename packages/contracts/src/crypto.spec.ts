import type { z } from 'zod';
import {
  cancelEscrowRequestSchema,
  createChargeRequestSchema,
  createEscrowRequestSchema,
  daysToSeconds,
  finishEscrowRequestSchema,
  paymentStateOfCharge,
  xrpPaymentRequestSchema,
} from './crypto';

describe('paymentStateOfCharge', () => {
  it('shows a paid charge as completed, a resolved late payment included, and an unresolved one as processing', () => {
    expect(paymentStateOfCharge('COMPLETED')).toBe('completed');
    expect(paymentStateOfCharge('RESOLVED')).toBe('completed');
    expect(paymentStateOfCharge('UNRESOLVED')).toBe('processing');
    expect(paymentStateOfCharge('PENDING')).toBe('processing');
    expect(paymentStateOfCharge('EXPIRED')).toBe('failed');
    expect(paymentStateOfCharge('CANCELED')).toBe('failed');
    expect(paymentStateOfCharge(null)).toBe('pending');
  });
});

const address = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const senderSeed = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2';
const validBodies: [string, z.ZodType, Record<string, unknown>][] = [
  ['charge', createChargeRequestSchema, { amount: 500, metadata: { orderId: 'A-1' } }],
  [
    'escrow create',
    createEscrowRequestSchema,
    {
      senderSeed,
      destinationAddress: address,
      amount: '100',
      finishAfterSeconds: daysToSeconds(7),
      cancelAfterSeconds: daysToSeconds(30),
    },
  ],
  ['escrow finish', finishEscrowRequestSchema, { senderSeed, owner: address, offerSequence: 7 }],
  ['escrow cancel', cancelEscrowRequestSchema, { senderSeed, owner: address, offerSequence: 7 }],
  ['XRP payment', xrpPaymentRequestSchema, { senderSeed, destinationAddress: address, amount: '1.5' }],
];

describe('crypto request bodies', () => {
  it.each(validBodies)('%s: accepts the documented fields', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it.each(validBodies)('%s: refuses an unknown field, naming it, like every other route', (_name, schema, body) => {
    const result = schema.safeParse({ ...body, userId: 'someone-else', isAdmin: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['userId', 'isAdmin'], path: [] }),
    ]);
  });

  it("keeps a charge's metadata free-form (the caller's own fields go to the provider)", () => {
    const parsed = createChargeRequestSchema.parse({
      amount: '12.50',
      metadata: { orderId: 'A-1', preferredCurrency: 'ETH', nested: { any: ['thing'] } },
    });
    expect(parsed.metadata).toEqual({ orderId: 'A-1', preferredCurrency: 'ETH', nested: { any: ['thing'] } });
  });
});
