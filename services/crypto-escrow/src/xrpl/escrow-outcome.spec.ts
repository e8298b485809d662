import {
  closingTxIn,
  escrowOutcome,
  FINISHED_BY_TIME_RULE,
  OUTCOME_NOT_IN_HISTORY,
  searchHistory,
  type HistoryPage,
  type ListedTx,
} from './escrow-outcome';

const OWNER = 'rOwnerOwnerOwnerOwnerOwnerOwner1';
const escrow = { owner: OWNER, sequence: 42 };
const CANCEL_AFTER = 800_000_000;

let nextLedger = 5_000;
interface EntryOptions {
  result?: string;
  ledger?: number;
  hash?: string;
}
const entry = (tx: Record<string, unknown>, options: EntryOptions = {}): ListedTx => {
  const ledger = options.ledger ?? nextLedger++;
  return {
    hash: options.hash ?? `H${ledger}`,
    ledger_index: ledger,
    tx_json: tx,
    meta: { TransactionResult: options.result ?? 'tesSUCCESS' },
  };
};
const payment = (ledger?: number) =>
  entry({ TransactionType: 'Payment', Account: OWNER, Destination: 'rElse' }, ledger ? { ledger } : {});
const finishOf = (sequence: number, options?: EntryOptions) =>
  entry({ TransactionType: 'EscrowFinish', Account: 'rDest', Owner: OWNER, OfferSequence: sequence }, options);
const cancelOf = (sequence: number, options?: EntryOptions) =>
  entry({ TransactionType: 'EscrowCancel', Account: OWNER, Owner: OWNER, OfferSequence: sequence }, options);

/** account_tx as a server pages it: newest first, `size` a page, a marker while more remain. */
function pagedHistory(newestFirst: ListedTx[], size: number) {
  const reads: unknown[] = [];
  const readPage = (marker: unknown): Promise<HistoryPage> => {
    reads.push(marker);
    const start = (marker as { at?: number } | undefined)?.at ?? 0;
    const end = start + size;
    return Promise.resolve({
      transactions: newestFirst.slice(start, end),
      ...(end < newestFirst.length ? { marker: { at: end } } : {}),
    });
  };
  return { readPage, reads };
}

describe('escrowOutcome: what the monitor may record for an escrow gone from the ledger', () => {
  it('finished, without a hash, when it left while the ledger was still before CancelAfter (EscrowCancel impossible)', () => {
    expect(escrowOutcome({ closing: null, cancelAfter: CANCEL_AFTER, ledgerCloseTime: CANCEL_AFTER - 60 })).toEqual({
      decided: true,
      status: 'finished',
      hash: null,
      reason: FINISHED_BY_TIME_RULE,
    });
  });

  it('finished at exactly CancelAfter: EscrowCancel needs a close time strictly past it', () => {
    expect(escrowOutcome({ closing: null, cancelAfter: CANCEL_AFTER, ledgerCloseTime: CANCEL_AFTER })).toMatchObject({
      decided: true,
      status: 'finished',
    });
  });

  it('finished when the escrow has no CancelAfter (it can never be cancelled)', () => {
    expect(escrowOutcome({ closing: null, cancelAfter: null, ledgerCloseTime: CANCEL_AFTER + 10_000 })).toMatchObject({
      decided: true,
      status: 'finished',
      hash: null,
    });
  });

  it('not decided once CancelAfter has passed and the history has nothing: both outcomes were possible', () => {
    expect(escrowOutcome({ closing: null, cancelAfter: CANCEL_AFTER, ledgerCloseTime: CANCEL_AFTER + 1 })).toEqual({
      decided: false,
      reason: OUTCOME_NOT_IN_HISTORY,
    });
  });

  it('the closing transaction from the history wins, with its hash, before or after CancelAfter', () => {
    expect(
      escrowOutcome({
        closing: { status: 'cancelled', hash: 'C1' },
        cancelAfter: CANCEL_AFTER,
        ledgerCloseTime: CANCEL_AFTER + 1,
      }),
    ).toEqual({ decided: true, status: 'cancelled', hash: 'C1', reason: null });
    expect(
      escrowOutcome({
        closing: { status: 'finished', hash: 'F1' },
        cancelAfter: CANCEL_AFTER,
        ledgerCloseTime: CANCEL_AFTER + 1,
      }),
    ).toEqual({ decided: true, status: 'finished', hash: 'F1', reason: null });
  });
});

describe('closingTxIn', () => {
  it('takes only a successful EscrowFinish / EscrowCancel of this owner and sequence', () => {
    const entries = [
      finishOf(42, { result: 'tecNO_PERMISSION', hash: 'FAILED' }),
      finishOf(41, { hash: 'OTHER-SEQUENCE' }),
      entry({ TransactionType: 'EscrowCancel', Owner: 'rSomeoneElse', OfferSequence: 42 }, { hash: 'OTHER-OWNER' }),
      payment(),
    ];
    expect(closingTxIn(entries, escrow)).toBeNull();
    expect(closingTxIn([...entries, cancelOf(42, { hash: 'THE-CANCEL' })], escrow)).toEqual({
      status: 'cancelled',
      hash: 'THE-CANCEL',
    });
  });

  it('reads api_version 1 entries (the transaction under tx, its hash inside it)', () => {
    const v1: ListedTx = {
      tx: { TransactionType: 'EscrowFinish', Owner: OWNER, OfferSequence: 42, hash: 'V1HASH' },
      meta: { TransactionResult: 'tesSUCCESS' },
    };
    expect(closingTxIn([v1], escrow)).toEqual({ status: 'finished', hash: 'V1HASH' });
  });
});

describe('searchHistory: account_tx newest first, paged with the marker', () => {
  it('finds the closing transaction on a later page', async () => {
    const close = finishOf(42, { ledger: 6_000, hash: 'THE-FINISH' });
    const newer = [payment(6_010), payment(6_009), payment(6_008), payment(6_007), payment(6_006)];
    const { readPage, reads } = pagedHistory([...newer, close, payment(5_990)], 2);
    await expect(searchHistory(readPage, { ...escrow, createLedger: 5_900 }, 10)).resolves.toEqual({
      kind: 'found',
      closing: { status: 'finished', hash: 'THE-FINISH' },
      pages: 3,
    });
    expect(reads).toEqual([undefined, { at: 2 }, { at: 4 }]);
  });

  it('stops at the ledger that created the escrow: older pages cannot hold its close', async () => {
    // The create was in ledger 5_900; a matching close older than that belongs to another escrow
    // and must not count, and the pages after it are not read.
    const history = [payment(6_003), payment(6_002), payment(6_001), payment(5_900), payment(5_899)];
    const older = [finishOf(42, { ledger: 5_000 }), payment(4_999), payment(4_998)];
    const { readPage, reads } = pagedHistory([...history, ...older], 2);
    await expect(searchHistory(readPage, { ...escrow, createLedger: 5_900 }, 10)).resolves.toEqual({
      kind: 'not-found',
      pages: 3,
      complete: true,
    });
    expect(reads).toHaveLength(3);
  });

  it('stops at the end of the history, and after the page cap when the create ledger is unknown', async () => {
    const short = pagedHistory([payment(), payment(), payment()], 2);
    await expect(searchHistory(short.readPage, { ...escrow, createLedger: null }, 10)).resolves.toEqual({
      kind: 'not-found',
      pages: 2,
      complete: true,
    });
    const busy = pagedHistory(
      Array.from({ length: 50 }, () => payment()),
      2,
    );
    await expect(searchHistory(busy.readPage, { ...escrow, createLedger: null }, 4)).resolves.toEqual({
      kind: 'not-found',
      pages: 4,
      complete: false,
    });
    expect(busy.reads).toHaveLength(4);
  });
});
