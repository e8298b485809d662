import { Logger } from '@nestjs/common';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ErrorCode, KycStatusChangedSchema, kycRequiredMessage } from '@app/contracts';
import type { Transaction } from '../database/transaction-runner';
import type { KycClearancesRepository } from './kyc-clearances.repository';
import { KycClearances } from './kyc-clearances';

const userId = '0b3e1c9e-5d5b-4c4e-9a39-0f3f3b2c8c11';
const manager = {} as Transaction;
const changedAt = new Date('2025-12-16T09:30:00Z');
const received = new Date('2025-12-16T09:30:05Z');

describe('KycClearances', () => {
  const repository = { record: jest.fn(), byUserId: jest.fn() };
  const service = new KycClearances(repository as unknown as KycClearancesRepository);

  beforeEach(() => {
    jest.clearAllMocks();
    repository.record.mockResolvedValue(true);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it("records the status at identity's change time, or the event's time when it carries none", async () => {
    const event = create(KycStatusChangedSchema, {
      userId,
      status: 'verified',
      previousStatus: 'processing',
      changedAt: timestampFromDate(changedAt),
    });
    await service.statusChanged(manager, event, received);
    expect(repository.record).toHaveBeenCalledWith(manager, { userId, status: 'verified', changedAt });
    await service.statusChanged(manager, create(KycStatusChangedSchema, { userId, status: 'processing' }), received);
    expect(repository.record).toHaveBeenLastCalledWith(manager, { userId, status: 'processing', changedAt: received });
  });

  it('ignores an event without a valid user id or a known status', async () => {
    await service.statusChanged(manager, create(KycStatusChangedSchema, { userId: 'x', status: 'verified' }), received);
    await service.statusChanged(manager, create(KycStatusChangedSchema, { userId, status: 'approved' }), received);
    expect(repository.record).not.toHaveBeenCalled();
  });

  it.each([
    ['no event yet', null],
    ['pending', 'pending'],
    ['processing', 'processing'],
    ['requires_input', 'requires_input'],
  ])('refuses a user whose KYC is %s with KYC_REQUIRED', async (_, status) => {
    repository.byUserId.mockResolvedValue(status ? { userId, status, changedAt } : null);
    await expect(service.require(userId, 'payout', manager)).rejects.toMatchObject({
      code: ErrorCode.KycRequired,
      message: kycRequiredMessage('payout'),
    });
  });

  it('lets a verified user through', async () => {
    repository.byUserId.mockResolvedValue({ userId, status: 'verified', changedAt });
    await expect(service.require(userId, 'payout', manager)).resolves.toBeUndefined();
  });
});
