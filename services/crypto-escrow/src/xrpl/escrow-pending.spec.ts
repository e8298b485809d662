import { pendingOutcome, type PendingFacts } from './escrow-pending';

// A pending escrow's EscrowCreate was signed at ledger 100 with LastLedgerSequence 120.
const facts = (overrides: Partial<PendingFacts> = {}): PendingFacts => ({
  lookup: { found: false },
  onLedger: false,
  validatedLedger: 110,
  firstLedger: 100,
  lastLedger: 120,
  completeLedgers: [[1, 200]],
  ...overrides,
});

describe('what became of a pending EscrowCreate', () => {
  it('created when the ledger validated it with tesSUCCESS, or the escrow it made is there', () => {
    const validated = { found: true, validated: true, result: 'tesSUCCESS', ledgerIndex: 105 } as const;
    expect(pendingOutcome(facts({ lookup: validated, validatedLedger: 130 }))).toEqual({ kind: 'created' });
    expect(pendingOutcome(facts({ onLedger: true, validatedLedger: 130, completeLedgers: [] }))).toEqual({
      kind: 'created',
    });
  });

  it('failed when validated with another result: the fee was claimed, no escrow made', () => {
    const lookup = { found: true, validated: true, result: 'tecUNFUNDED', ledgerIndex: 105 } as const;
    expect(pendingOutcome(facts({ lookup }))).toEqual({
      kind: 'failed',
      reason: 'EscrowCreate validated with tecUNFUNDED: no escrow was created',
    });
  });

  it('waits while the ledger has not passed its LastLedgerSequence, seen or not', () => {
    expect(pendingOutcome(facts()).kind).toBe('waiting');
    expect(pendingOutcome(facts({ validatedLedger: 120, lookup: { found: true, validated: false } })).kind).toBe(
      'waiting',
    );
  });

  it('failed once past it, when the server holds every ledger it could have landed in', () => {
    expect(pendingOutcome(facts({ validatedLedger: 121 }))).toEqual({
      kind: 'failed',
      reason: 'EscrowCreate never made it to the ledger: not validated by its LastLedgerSequence 120',
    });
  });

  it('still waits past it when the server lacks some of those ledgers (it cannot tell)', () => {
    const outcome = pendingOutcome(facts({ validatedLedger: 150, completeLedgers: [[110, 200]] }));
    expect(outcome).toEqual({
      kind: 'waiting',
      reason: 'EscrowCreate not found, and the server does not hold every ledger 100-120 it could be in',
    });
    expect(pendingOutcome(facts({ validatedLedger: 150, completeLedgers: [] })).kind).toBe('waiting');
  });
});
