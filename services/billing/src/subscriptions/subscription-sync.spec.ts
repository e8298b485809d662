import { isStale } from './subscription-sync';
import type { Subscription } from './subscription.entity';

describe('which Stripe news about a subscription is stale', () => {
  const stored = (status: Subscription['status'], lastEventAt: Date | null = null) =>
    ({ status, lastEventAt }) as Subscription;
  const t = (seconds: number) => new Date(seconds * 1000);

  it('applies events newer than or as old as the last applied one, and anything to a row without one', () => {
    expect(isStale(stored('active', t(100)), { status: 'past_due' }, t(101))).toBe(false);
    expect(isStale(stored('active', t(100)), { cancelAtPeriodEnd: true }, t(100))).toBe(false);
    expect(isStale(stored('active'), { status: 'past_due' }, t(1))).toBe(false);
  });

  it('ignores an event older than the last applied one', () => {
    expect(isStale(stored('past_due', t(100)), { status: 'active' }, t(99))).toBe(true);
    expect(isStale(stored('active', t(100)), { cancelAtPeriodEnd: false }, t(50))).toBe(true);
  });

  it('never leaves a final status, even for news of the same second or a read', () => {
    for (const status of ['canceled', 'incomplete_expired'] as const) {
      expect(isStale(stored(status, t(100)), { status: 'active' }, t(100))).toBe(true);
      expect(isStale(stored(status, t(100)), { status: 'active' }, null)).toBe(true);
    }
  });

  it('never goes back to incomplete, where Stripe only starts a subscription', () => {
    expect(isStale(stored('active', t(100)), { status: 'incomplete' }, t(100))).toBe(true);
    expect(isStale(stored('active'), { status: 'incomplete' }, null)).toBe(true);
    expect(isStale(stored('incomplete'), { status: 'incomplete' }, null)).toBe(false);
    expect(isStale(stored('incomplete'), { status: 'active' }, null)).toBe(false);
  });
});
