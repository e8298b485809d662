import { clawbackOf, commissionOf, parkedEventCutoff, takenBackOf, withinCommissionWindow } from './commission-rules';

describe('commission rules', () => {
  it('pays the tier of the month: 15% up to 5 referrals, 20% from 6, 25% from 16', () => {
    expect(commissionOf(2900, 1)).toMatchObject({ cents: 435, tier: { id: 'starter' } });
    expect(commissionOf(2900, 0).tier.id).toBe('starter');
    expect(commissionOf(69900, 6)).toMatchObject({ cents: 13980, tier: { id: 'professional' } });
    expect(commissionOf(69900, 16)).toMatchObject({ cents: 17475, tier: { id: 'enterprise' } });
  });

  it('counts only invoices paid within a year of the referral', () => {
    const referred = new Date('2026-01-10T00:00:00Z');
    expect(withinCommissionWindow(referred, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(withinCommissionWindow(referred, new Date('2027-01-10T00:00:00Z'))).toBe(true);
    expect(withinCommissionWindow(referred, new Date('2027-01-11T00:00:00Z'))).toBe(false);
  });

  it('claws back the refunded share, never more than the commission', () => {
    expect(clawbackOf(435, 2900, 2900)).toBe(435);
    expect(clawbackOf(435, 2900, 1450)).toBe(218);
    expect(clawbackOf(435, 2900, 99999)).toBe(435);
    expect(clawbackOf(435, 0, 100)).toBe(0);
  });

  it('takes back refunds and open disputes together, never more than the commission', () => {
    expect(takenBackOf(435, 0, 0)).toBe(0);
    expect(takenBackOf(435, 218, 0)).toBe(218);
    expect(takenBackOf(435, 0, 435)).toBe(435);
    expect(takenBackOf(435, 218, 217)).toBe(435);
    expect(takenBackOf(435, 218, 435)).toBe(435);
  });

  it('keeps parked events for 30 days', () => {
    expect(parkedEventCutoff(new Date('2026-03-31T12:00:00Z'))).toEqual(new Date('2026-03-01T12:00:00Z'));
  });
});
