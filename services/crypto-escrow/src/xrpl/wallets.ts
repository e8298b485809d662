import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/platform';
import { Wallet } from 'xrpl';

const badSeed = 'Sender seed must be an XRP Ledger seed (s...)';

/** The signing wallet for a seed, held only for the request; the seed itself is never echoed, stored or logged. */
export function walletOf(seed: string): Wallet {
  try {
    return Wallet.fromSeed(seed);
  } catch {
    throw new AppError(ErrorCode.ValidationFailed, badSeed, [{ path: 'senderSeed', message: badSeed }]);
  }
}
