import { chargeChange, mayMove } from './charge-status';

const stored = (status: string, extra: { statusContext?: string | null; cryptoCurrency?: string | null } = {}) => ({
  status,
  statusContext: null,
  cryptoCurrency: null,
  ...extra,
});
const seen = (status: string, extra: { statusContext?: string | null; cryptoCurrency?: string | null } = {}) => ({
  status,
  statusContext: null,
  cryptoCurrency: null,
  ...extra,
});
/** Applies reports in order, as the service does, and collects the events they publish. */
function run(reports: ReturnType<typeof seen>[]) {
  let row = stored('NEW');
  const events: string[] = [];
  for (const report of reports) {
    const change = chargeChange(row, report);
    if (!change) continue;
    row = { status: change.status, statusContext: change.statusContext, cryptoCurrency: change.cryptoCurrency };
    if (change.event) events.push(change.event);
  }
  return { row, events };
}

describe('a charge follows the provider forward only', () => {
  it('moves open charges on and ends them once', () => {
    expect(mayMove('NEW', 'PENDING')).toBe(true);
    expect(mayMove('PENDING', 'NEW')).toBe(false);
    expect(mayMove('NEW', 'EXPIRED')).toBe(true);
    expect(mayMove('PENDING', 'CANCELED')).toBe(true);
    expect(mayMove('COMPLETED', 'RESOLVED')).toBe(false);
    expect(mayMove('CANCELED', 'COMPLETED')).toBe(false);
  });

  it('lets an expired charge be paid late, and never fails it twice', () => {
    expect(mayMove('EXPIRED', 'UNRESOLVED')).toBe(true);
    expect(mayMove('EXPIRED', 'COMPLETED')).toBe(true);
    expect(mayMove('UNRESOLVED', 'RESOLVED')).toBe(true);
    expect(mayMove('UNRESOLVED', 'EXPIRED')).toBe(false);
    expect(mayMove('EXPIRED', 'CANCELED')).toBe(false);
    expect(mayMove('EXPIRED', 'PENDING')).toBe(false);
    expect(mayMove('RESOLVED', 'EXPIRED')).toBe(false);
  });

  it('paid after expiry: ChargeFailed then ChargeCompleted, once each, whatever the repetition', () => {
    const expired = seen('EXPIRED');
    const delayed = seen('UNRESOLVED', { statusContext: 'DELAYED', cryptoCurrency: 'BTC' });
    const resolved = seen('RESOLVED', { statusContext: 'DELAYED', cryptoCurrency: 'BTC' });
    const { row, events } = run([expired, expired, delayed, expired, resolved, delayed, resolved, expired]);
    expect(events).toEqual(['ChargeFailed', 'ChargeCompleted']);
    expect(row).toEqual({ status: 'RESOLVED', statusContext: 'DELAYED', cryptoCurrency: 'BTC' });
  });

  it('out of order: the resolution first, stale reports after it change nothing and publish no ChargeFailed', () => {
    const { row, events } = run([
      seen('RESOLVED', { statusContext: 'DELAYED' }),
      seen('UNRESOLVED', { statusContext: 'DELAYED' }),
      seen('EXPIRED'),
    ]);
    expect(events).toEqual(['ChargeCompleted']);
    expect(row.status).toBe('RESOLVED');
    expect(run([seen('UNRESOLVED', { statusContext: 'DELAYED' }), seen('EXPIRED')]).events).toEqual([]);
  });

  it('a late COMPLETED after EXPIRED completes the charge once', () => {
    expect(run([seen('EXPIRED'), seen('COMPLETED'), seen('EXPIRED'), seen('COMPLETED')]).events).toEqual([
      'ChargeFailed',
      'ChargeCompleted',
    ]);
  });

  it('records the crypto used while the charge is open, publishing nothing', () => {
    expect(chargeChange(stored('PENDING'), seen('PENDING', { cryptoCurrency: 'ETH' }))).toEqual({
      status: 'PENDING',
      statusContext: null,
      cryptoCurrency: 'ETH',
      event: null,
    });
    expect(chargeChange(stored('COMPLETED'), seen('COMPLETED', { cryptoCurrency: 'ETH' }))).toBeNull();
  });
});
