/** The most marks kept while their transactions run; past that the newest is replaced (coarser, still exact). */
const MAX_MARKS = 64;

/** What a drain's scan found, from the floor up, in `seq` order. */
export interface OutboxScan {
  /** The number the rows' sequence had last handed out, read before `xmin`. */
  allocated: bigint;
  /** The oldest transaction id still running, from a snapshot taken after that read and before the scan's own. */
  xmin: bigint;
  /** The `seq` of the last unpublished row the scan returned (none: it found none). */
  last?: bigint;
  /** Whether the scan stopped at its limit (more unpublished rows may follow). */
  full: boolean;
}

/**
 * Where the outbox relay's scan for unpublished rows starts: every row numbered below `from` is
 * published, or will never commit. Without it each scan walks the index entries of every row
 * published since they were last cleaned up (a published row leaves the partial index of
 * unpublished rows only when the table is vacuumed or a scan marks the entry dead).
 *
 * A row that commits late must still be found, so the floor never passes a number whose
 * transaction may still commit. A drain that publishes reads the last number handed out
 * (`allocated`) before its scan, and afterwards gets a transaction id of its own (its marking of
 * the rows): every transaction that drew a number up to `allocated` took its id before the draw
 * (`OutboxService` does), so that id is below the drain's. Once a later snapshot's `xmin` (the
 * oldest id still running) reaches the drain's id, all of them have ended: every row numbered up to
 * `allocated` that will ever exist is committed, and a scan after that snapshot sees it. (A
 * snapshot's `xmax` would not do: it is one past the newest *ended* transaction, and a running
 * transaction may hold an id above it.)
 */
export class OutboxFloor {
  private start = 0n;
  /** Marks not yet settled, oldest first: `allocated` and `xid` grow along the list. */
  private readonly marks: { allocated: bigint; xid: bigint }[] = [];

  /** The first number the next scan must look at. */
  get from(): bigint {
    return this.start;
  }

  /**
   * After a scan the relay ran holding the lock that found nothing, or (`xid`: the id of the
   * transaction that then published the scan's rows and committed) whose rows it published. Moves
   * the floor up to the highest settled number, never past a full scan's last row (rows after it
   * may wait).
   */
  scanned({ allocated, xmin, last, full }: OutboxScan, xid?: bigint): void {
    // The sequence went back (the database restored from a backup, say): everything is in doubt.
    if (allocated + 1n < this.start) {
      this.start = 0n;
      this.marks.length = 0;
    }
    const settled = this.settle(xmin);
    if (settled !== undefined) {
      const next = full && last !== undefined && last < settled ? last + 1n : settled + 1n;
      if (next > this.start) this.start = next;
    }
    if (xid !== undefined) this.mark(allocated, xid);
  }

  private mark(allocated: bigint, xid: bigint): void {
    const newest = this.marks.at(-1);
    if (newest && allocated <= newest.allocated) return;
    // Replacing the newest keeps it exact: the new mark settles only after the one it replaces.
    if (this.marks.length === MAX_MARKS) this.marks.pop();
    this.marks.push({ allocated, xid });
  }

  /** Drops the marks whose transactions have all ended by `xmin`; returns the highest `allocated` among them. */
  private settle(xmin: bigint): bigint | undefined {
    let settled: bigint | undefined;
    while (this.marks.length > 0 && this.marks[0]!.xid <= xmin) settled = this.marks.shift()!.allocated;
    return settled;
  }
}
