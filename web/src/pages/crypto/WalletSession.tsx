import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface SessionWallet {
  address: string;
  /** The signing seed: React state only, never stored, sent only with this wallet's own ledger calls. */
  seed: string;
}

/** Something this wallet did in this session, as the ledger answered it (spec 3 'Wallet transaction'). */
export interface WalletActivity {
  id: string;
  type: 'send' | 'escrow';
  description: string;
  amount: string;
  currency: 'XRP';
  status: 'confirmed' | 'pending' | 'failed';
  hash?: string;
  timestamp: string;
}

interface WalletSessionValue {
  wallet: SessionWallet | undefined;
  setWallet: (wallet: SessionWallet) => void;
  /** False until the user confirms the seed is saved; after that the seed is never shown again. */
  seedShown: boolean;
  hideSeed: () => void;
  activity: WalletActivity[];
  record: (entry: Omit<WalletActivity, 'id' | 'timestamp' | 'currency'>) => void;
}

const WalletSessionContext = createContext<WalletSessionValue | undefined>(undefined);

let activityCounter = 0;

/** The one wallet of this page visit; leaving the page forgets it (and its seed). */
export function WalletSessionProvider({ children }: { children: ReactNode }) {
  const [wallet, setWalletState] = useState<SessionWallet>();
  const [seedShown, setSeedShown] = useState(false);
  const [activity, setActivity] = useState<WalletActivity[]>([]);
  const value = useMemo<WalletSessionValue>(
    () => ({
      wallet,
      setWallet: (next) => {
        setWalletState(next);
        setSeedShown(true);
      },
      seedShown,
      hideSeed: () => setSeedShown(false),
      activity,
      record: (entry) => {
        activityCounter += 1;
        setActivity((list) => [
          { ...entry, currency: 'XRP', id: `activity-${activityCounter}`, timestamp: new Date().toISOString() },
          ...list,
        ]);
      },
    }),
    [wallet, seedShown, activity],
  );
  return <WalletSessionContext.Provider value={value}>{children}</WalletSessionContext.Provider>;
}

export function useWalletSession(): WalletSessionValue {
  const value = useContext(WalletSessionContext);
  if (!value) throw new Error('useWalletSession must be used inside WalletSessionProvider');
  return value;
}
