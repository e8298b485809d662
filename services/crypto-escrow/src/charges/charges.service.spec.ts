import type { ChargeRecord } from './charge.entity';
import type { ChargeProvider, ProviderCharge } from './charge-provider';
import { ChargesService } from './charges.service';

// The poll job's stopping rules (spec 9: every 10 s, stopped after 30 minutes or once final).
const rowOf = (overrides: Partial<ChargeRecord> = {}) =>
  ({
    id: 'c1',
    providerChargeId: 'p1',
    status: 'NEW',
    pollUntil: new Date(Date.now() + 60_000),
    ...overrides,
  }) as ChargeRecord;

function serviceWith(row: ChargeRecord | null, seen?: Partial<ProviderCharge>) {
  const provider = {
    name: 'coinbase',
    get: jest.fn(
      async () => ({ providerChargeId: 'p1', status: 'NEW', cryptoCurrency: null, ...seen }) as ProviderCharge,
    ),
  } as unknown as ChargeProvider & { get: jest.Mock };
  const schedules = { stop: jest.fn(async () => undefined), start: jest.fn() };
  const repository = {
    byId: jest.fn(async () => row),
    lockByProviderId: jest.fn(async () => row),
    applyChange: jest.fn(async () => row),
  };
  const transactions = { run: jest.fn((work: (m: unknown) => unknown) => work({})), autocommit: {} };
  const service = new ChargesService(
    provider,
    {} as never,
    transactions as never,
    repository as never,
    { publish: jest.fn() } as never,
    schedules as never,
  );
  return { service, provider, schedules, repository };
}

describe('ChargesService.poll', () => {
  it('stops polling, without asking the provider, once the 30-minute window has passed', async () => {
    const { service, provider, schedules } = serviceWith(rowOf({ pollUntil: new Date(Date.now() - 1) }));
    expect(await service.poll('c1')).toEqual({ status: 'NEW', changed: false, stopped: true });
    expect(provider.get).not.toHaveBeenCalled();
    expect(schedules.stop).toHaveBeenCalledWith('c1');
  });

  it('stops polling a charge that is already settled or gone', async () => {
    for (const row of [
      rowOf({ status: 'COMPLETED' }),
      rowOf({ status: 'RESOLVED' }),
      rowOf({ status: 'CANCELED' }),
      null,
    ]) {
      const { service, provider, schedules } = serviceWith(row);
      expect((await service.poll('c1')).stopped).toBe(true);
      expect(provider.get).not.toHaveBeenCalled();
      expect(schedules.stop).toHaveBeenCalled();
    }
  });

  it('keeps polling an expired charge inside the window: a late payment may follow', async () => {
    const { service, provider, schedules } = serviceWith(rowOf({ status: 'EXPIRED' }), { status: 'EXPIRED' });
    expect(await service.poll('c1')).toEqual({ status: 'EXPIRED', changed: false, stopped: false });
    expect(provider.get).toHaveBeenCalledWith('p1');
    expect(schedules.stop).not.toHaveBeenCalled();
  });

  it('keeps polling an open charge the provider still reports open', async () => {
    const { service, provider, schedules } = serviceWith(rowOf({ status: 'PENDING' }), { status: 'PENDING' });
    expect(await service.poll('c1')).toEqual({ status: 'PENDING', changed: false, stopped: false });
    expect(provider.get).toHaveBeenCalledWith('p1');
    expect(schedules.stop).not.toHaveBeenCalled();
  });
});
