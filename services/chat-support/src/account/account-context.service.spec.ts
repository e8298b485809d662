import { Logger } from '@nestjs/common';
import type { Transaction } from '@app/platform';
import type { AccountContext } from './account-context.entity';
import type { AccountContextRepository } from './account-context.repository';
import { AccountContextService } from './account-context.service';
import type { ReportedTransaction } from './account-context.util';

const userId = '0b3e1c9e-5d5b-4c4e-9a39-0f3f3b2c8c11';
const manager = {} as Transaction;
const at = new Date('2025-12-14T12:00:00Z');

const accountOf = (planActivatedAt: Date | null): AccountContext => ({
  userId,
  planId: planActivatedAt ? 'starter' : null,
  billingCycle: planActivatedAt ? 'monthly' : null,
  currentPeriodEnd: null,
  planActivatedAt,
  kycStatus: 'pending',
  kycChangedAt: null,
  updatedAt: at,
});

const reported = (status: string, user = userId): ReportedTransaction => ({
  source: 'integrations',
  sourceId: 'a1b2c3d4-0000-4000-8000-000000000001',
  userId: user,
  amount: '129.90',
  currency: 'USD',
  status,
  paymentMethod: 'card',
  processor: 'stripe',
  occurredAt: at,
});

describe('AccountContextService: applying events', () => {
  const repository = {
    lockAccount: jest.fn(),
    setPlan: jest.fn(),
    setKycStatus: jest.fn(),
    lockAccounts: jest.fn(),
    storedForRun: jest.fn(),
    writeRun: jest.fn(),
  };
  const service = new AccountContextService(repository as unknown as AccountContextRepository);
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.clearAllMocks();
    repository.lockAccount.mockResolvedValue(accountOf(null));
    repository.storedForRun.mockResolvedValue([]);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('ignores an event without a valid user id, with a warning, and touches nothing', async () => {
    await service.registered(manager, 'not-a-uuid');
    await service.planActivated(manager, '', {
      planId: 'growth',
      billingCycle: 'monthly',
      currentPeriodEnd: null,
      activatedAt: at,
    });
    await service.transactionReported(manager, reported('completed', 'x'));
    await service.kycStatusChanged(manager, 'x', { status: 'verified', changedAt: at });
    await service.kycStatusChanged(manager, userId, { status: 'approved', changedAt: at });
    expect(warn).toHaveBeenCalledTimes(5);
    expect(repository.lockAccount).not.toHaveBeenCalled();
    expect(repository.lockAccounts).not.toHaveBeenCalled();
    expect(repository.writeRun).not.toHaveBeenCalled();
  });

  it('keeps the newer plan when an older activation arrives late', async () => {
    const plan = { planId: 'growth', billingCycle: 'annual', currentPeriodEnd: null };
    repository.lockAccount.mockResolvedValue(accountOf(at));
    await service.planActivated(manager, userId, { ...plan, activatedAt: new Date(at.getTime() - 1000) });
    expect(repository.setPlan).not.toHaveBeenCalled();
    await service.planActivated(manager, userId, { ...plan, activatedAt: new Date(at.getTime() + 1000) });
    expect(repository.setPlan).toHaveBeenCalledWith(manager, userId, {
      ...plan,
      planActivatedAt: new Date(at.getTime() + 1000),
    });
  });

  it('sets the KYC status of an account (created when missing), never back to an older change', async () => {
    await service.kycStatusChanged(manager, userId, { status: 'processing', changedAt: at });
    expect(repository.lockAccount).toHaveBeenCalledWith(manager, userId);
    expect(repository.setKycStatus).toHaveBeenCalledWith(manager, userId, {
      kycStatus: 'processing',
      kycChangedAt: at,
    });

    repository.setKycStatus.mockClear();
    repository.lockAccount.mockResolvedValue({ ...accountOf(null), kycStatus: 'verified', kycChangedAt: at });
    await service.kycStatusChanged(manager, userId, { status: 'processing', changedAt: new Date(at.getTime() - 1000) });
    expect(repository.setKycStatus).not.toHaveBeenCalled();
    const later = new Date(at.getTime() + 1000);
    await service.kycStatusChanged(manager, userId, { status: 'requires_input', changedAt: later });
    expect(repository.setKycStatus).toHaveBeenCalledWith(manager, userId, {
      kycStatus: 'requires_input',
      kycChangedAt: later,
    });
  });

  it('records a reported transaction as a run of one, under the account lock, keeping the newest 5', async () => {
    await service.transactionReported(manager, reported('pending'));
    expect(repository.lockAccounts).toHaveBeenCalledWith(manager, [userId]);
    expect(repository.storedForRun).toHaveBeenCalledWith(manager, [userId], [reported('pending')]);
    expect(repository.lockAccounts.mock.invocationCallOrder[0]).toBeLessThan(
      repository.storedForRun.mock.invocationCallOrder[0]!,
    );
    expect(repository.writeRun).toHaveBeenCalledWith(manager, {
      inserted: [reported('pending')],
      updated: [],
      deleted: [],
    });
    expect(warn).not.toHaveBeenCalled();

    // Five newer ones stored: an older one is not kept, and nothing is written.
    const newer = [1, 2, 3, 4, 5].map((minute) => ({
      ...reported('completed'),
      sourceId: `a1b2c3d4-0000-4000-8000-00000000001${minute}`,
      occurredAt: new Date(at.getTime() + minute * 60_000),
    }));
    repository.storedForRun.mockResolvedValue(newer);
    repository.writeRun.mockClear();
    await service.transactionReported(manager, reported('pending'));
    expect(repository.writeRun).toHaveBeenCalledWith(manager, { inserted: [], updated: [], deleted: [] });

    repository.storedForRun.mockResolvedValue([reported('completed')]);
    await service.transactionReported(manager, reported('refunded'));
    expect(repository.writeRun).toHaveBeenLastCalledWith(manager, {
      inserted: [],
      updated: [
        { source: 'integrations', sourceId: reported('refunded').sourceId, status: 'refunded', replacement: null },
      ],
      deleted: [],
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns of a transaction stored under another user's account, and leaves it as it is", async () => {
    repository.storedForRun.mockResolvedValue([reported('completed')]);
    await service.transactionReported(manager, reported('refunded', 'e2c8a0f4-1111-4222-8333-944455556666'));
    expect(warn).toHaveBeenCalledWith(
      `integrations transaction ${reported('refunded').sourceId}: reported for another user; ignored`,
    );
    expect(repository.writeRun).toHaveBeenCalledWith(manager, { inserted: [], updated: [], deleted: [] });
  });
});
