import type { Charge, Escrow, EscrowList, XrpAccount, XrpWallet } from '@app/contracts';
import { mockFetch, type MockResponse } from '../../test/render';

export const walletAddress = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
export const walletSeed = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2';
export const destination = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

export const generatedWallet: XrpWallet = { address: walletAddress, seed: walletSeed, publicKey: 'ED01' };

export const account: XrpAccount = { address: walletAddress, balanceXrp: '1250.5', funded: true, reserveXrp: '10' };

export function charge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: 'ch-1',
    providerChargeId: 'cb-1',
    code: 'ABCD1234',
    hostedUrl: 'https://commerce.coinbase.com/pay/ABCD1234',
    addresses: {
      bitcoin: 'bc1qexampleaddress0000000000000000000000',
      ethereum: '0xabc0000000000000000000000000000000000001',
    },
    status: 'NEW',
    state: 'processing',
    amount: '500.00',
    currency: 'USD',
    description: 'Quick crypto payment',
    preferredCurrency: 'BTC',
    createdAt: '2026-11-22T05:00:00.000Z',
    expiresAt: '2026-11-22T06:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function escrow(overrides: Partial<Escrow> = {}): Escrow {
  return {
    id: 'esc-1',
    account: walletAddress,
    destination,
    amount: '100.000000',
    sequence: 42,
    finishAfter: 817_000_000,
    cancelAfter: 819_000_000,
    finishAfterIso: '2026-11-29T05:00:00.000Z',
    cancelAfterIso: '2026-12-22T05:00:00.000Z',
    condition: null,
    destinationTag: null,
    hash: 'C0FFEE00000000000000000000000000000000000000000000000000000000AA',
    status: 'created',
    closingHash: null,
    closedReason: null,
    createdAt: '2026-11-22T05:00:00.000Z',
    ...overrides,
  };
}

export function ledgerEscrows(sequences: number[]): EscrowList {
  return {
    address: walletAddress,
    escrows: sequences.map((sequence) => ({
      account: walletAddress,
      destination,
      amount: '100',
      sequence,
      finishAfter: null,
      cancelAfter: null,
      finishAfterIso: null,
      cancelAfterIso: null,
      condition: null,
      destinationTag: null,
      hash: 'AB',
      id: null,
    })),
  };
}

type Route = (init: RequestInit | undefined) => MockResponse;

/**
 * The crypto API with the answers a test gives per "METHOD path"; a route given as a list answers
 * its entries in turn and repeats the last. Anything else is a 404.
 */
export function cryptoApi(routes: Record<string, MockResponse | MockResponse[] | Route>) {
  const served: Record<string, number> = {};
  return mockFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    if (route === undefined) return { status: 404, body: { error: 'NOT_FOUND', message: `No route ${key}` } };
    if (typeof route === 'function') return route(init);
    if (!Array.isArray(route)) return route;
    const index = Math.min(served[key] ?? 0, route.length - 1);
    served[key] = (served[key] ?? 0) + 1;
    return route[index] as MockResponse;
  });
}
