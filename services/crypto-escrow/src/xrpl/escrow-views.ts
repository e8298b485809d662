import { escrowStatuses, type Escrow, type EscrowStatus } from '@app/contracts';
import type { EscrowRecord } from './escrow.entity';
import { rippleTimeToDate } from './ripple-time';

/** Drops -> XRP with 6 decimals as a string (never a float on the wire). */
export const xrpOfDrops = (drops: string | number): string => {
  const value = BigInt(drops);
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')}`;
};

/** A row the API shows: not pending (not on the ledger yet) nor failed (never made it there). */
export type ListedEscrow = EscrowRecord & { status: EscrowStatus };
export const isListed = (row: EscrowRecord): row is ListedEscrow =>
  (escrowStatuses as readonly string[]).includes(row.status);

export function escrowView(row: ListedEscrow): Escrow {
  const finishAfter = Number(row.finishAfter);
  const cancelAfter = Number(row.cancelAfter);
  return {
    id: row.id,
    account: row.owner,
    destination: row.destination,
    amount: xrpOfDrops(row.amountDrops),
    sequence: Number(row.sequence),
    finishAfter,
    cancelAfter,
    finishAfterIso: rippleTimeToDate(finishAfter).toISOString(),
    cancelAfterIso: rippleTimeToDate(cancelAfter).toISOString(),
    condition: row.condition,
    destinationTag: row.destinationTag === null ? null : Number(row.destinationTag),
    hash: row.createHash,
    status: row.status,
    closingHash: row.closingHash,
    closedReason: row.closedReason,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
