import { ErrorCode, kycRequiredMessage } from '@app/contracts';
import { AppError, type KycClearances } from '@app/platform';
import type { CryptoConfig } from '../config';
import { XrpKycGate } from './xrp-kyc-gate';

const userId = '0b3e1c9e-5d5b-4c4e-9a39-0f3f3b2c8c11';

describe('XrpKycGate', () => {
  const clearances = { require: jest.fn() };
  const gateWith = (threshold: number) =>
    new XrpKycGate(clearances as unknown as KycClearances, { KYC_THRESHOLD_XRP: threshold } as CryptoConfig);

  beforeEach(() => {
    jest.clearAllMocks();
    clearances.require.mockImplementation((_user: string, action: 'escrow' | 'payment') =>
      Promise.reject(new AppError(ErrorCode.KycRequired, kycRequiredMessage(action))),
    );
  });

  it('lets amounts at or below the threshold through without asking for the status', async () => {
    for (const amount of ['1', '999.999999', '1000', '1000.000000']) {
      await expect(gateWith(1000).requireClearedOver(userId, amount, 'escrow')).resolves.toBeUndefined();
    }
    expect(clearances.require).not.toHaveBeenCalled();
  });

  it('asks for a verified identity over the threshold, naming the operation', async () => {
    await expect(gateWith(1000).requireClearedOver(userId, '1000.000001', 'escrow')).rejects.toMatchObject({
      code: ErrorCode.KycRequired,
      message: kycRequiredMessage('escrow'),
    });
    await expect(gateWith(1000).requireClearedOver(userId, '5000', 'payment')).rejects.toMatchObject({
      message: kycRequiredMessage('payment'),
    });
    expect(clearances.require).toHaveBeenCalledWith(userId, 'payment');
  });

  it('gates every amount with a threshold of 0', async () => {
    await expect(gateWith(0).requireClearedOver(userId, '0.000001', 'payment')).rejects.toMatchObject({
      code: ErrorCode.KycRequired,
    });
  });
});
