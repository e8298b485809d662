import { paymentStateOfCharge } from './crypto';

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
