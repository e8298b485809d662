import type { TxLookup } from './xrpl-ledger';

/**
 * What became of an escrow stored `pending`: its EscrowCreate was signed (hash, sequence and
 * LastLedgerSequence known) and the row written before the submit, so a process that died while
 * submitting leaves a row the monitor settles here.
 */
export type PendingOutcome =
  { kind: 'created' } | { kind: 'failed'; reason: string } | { kind: 'waiting'; reason: string };

export interface PendingFacts {
  /** The EscrowCreate by its hash. */
  lookup: TxLookup;
  /** An escrow whose PreviousTxnID is that hash is in the owner's account_objects. */
  onLedger: boolean;
  /** The latest validated ledger index. */
  validatedLedger: number;
  /** The validated ledger when it was signed (it can only be in a later one) and its LastLedgerSequence. */
  firstLedger: number | null;
  lastLedger: number | null;
  /** The ledger ranges the server holds (server_info complete_ledgers). */
  completeLedgers: [number, number][];
}

/**
 * The ledger decides: validated with tesSUCCESS (or the escrow is there) -> created; validated with
 * another result -> failed (a tec claimed the fee, no escrow). Not validated: while the ledger has
 * not passed its LastLedgerSequence it may still be; after that it never can be, which the server
 * can only say when it holds every ledger the transaction could have landed in.
 */
export function pendingOutcome(facts: PendingFacts): PendingOutcome {
  const { lookup, lastLedger } = facts;
  if (lookup.found && lookup.validated) {
    return lookup.result === 'tesSUCCESS'
      ? { kind: 'created' }
      : { kind: 'failed', reason: `EscrowCreate validated with ${lookup.result}: no escrow was created` };
  }
  if (facts.onLedger) return { kind: 'created' };
  if (lastLedger === null) {
    return { kind: 'waiting', reason: 'EscrowCreate without LastLedgerSequence not validated (yet)' };
  }
  if (facts.validatedLedger <= lastLedger) {
    return { kind: 'waiting', reason: `EscrowCreate not validated yet; it may be until ledger ${lastLedger}` };
  }
  const from = facts.firstLedger ?? lastLedger;
  const held = facts.completeLedgers.some(([min, max]) => min <= from && max >= lastLedger);
  if (!held) {
    return {
      kind: 'waiting',
      reason: `EscrowCreate not found, and the server does not hold every ledger ${from}-${lastLedger} it could be in`,
    };
  }
  return {
    kind: 'failed',
    reason: `EscrowCreate never made it to the ledger: not validated by its LastLedgerSequence ${lastLedger}`,
  };
}
