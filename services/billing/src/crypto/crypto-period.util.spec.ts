import { periodEnd } from './crypto-period.util';

describe('periodEnd', () => {
  it('adds a calendar month, keeping the time of day', () => {
    expect(periodEnd(new Date('2026-03-15T10:20:30Z'), 'monthly').toISOString()).toBe('2026-04-15T10:20:30.000Z');
  });

  it("ends on the month's last day when it is shorter", () => {
    expect(periodEnd(new Date('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(periodEnd(new Date('2028-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('adds a year for the annual cycle', () => {
    expect(periodEnd(new Date('2026-12-31T23:00:00Z'), 'annual').toISOString()).toBe('2027-12-31T23:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'annual').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
