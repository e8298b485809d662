import { cryptoTimings } from '@app/contracts';
import { createContext, useContext } from 'react';

/** Spec 9: charge polled every 10 s for 30 minutes, escrows every 30 s for 24 hours. */
export interface CryptoTiming {
  chargePollMs: number;
  chargePollLimitMs: number;
  escrowPollMs: number;
  escrowPollLimitMs: number;
}

export const defaultCryptoTiming: CryptoTiming = {
  chargePollMs: cryptoTimings.chargePollIntervalMs,
  chargePollLimitMs: cryptoTimings.chargePollStopAfterMs,
  escrowPollMs: cryptoTimings.escrowMonitorIntervalMs,
  escrowPollLimitMs: cryptoTimings.escrowMonitorStopAfterMs,
};

/** Tests shorten the intervals through this context instead of faking antd's timers. */
export const CryptoTimingContext = createContext<CryptoTiming>(defaultCryptoTiming);

export const useCryptoTiming = () => useContext(CryptoTimingContext);
