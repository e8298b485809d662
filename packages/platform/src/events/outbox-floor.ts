/** The most marks kept while their transactions run; past that the newest is replaced (coarser, still exact). */
const MAX_MARKS = 64;

/** What a drain's scan found, from the floor up, in `seq` order. */
export interface OutboxScan {
  /** The number the rows' sequence had last handed out, read before the snapshot below. */
  allocated: bigint;
  /** The snapshot taken after that read, before the scan's own: its oldest running transaction id… */
  xmin: bigint;
  /** …and the first transaction id not yet handed out. */
  xmax: bigint;
  /** The `seq` of the unpublished rows the scan returned, in order. */
  seqs: bigint[];
  /** Whether the scan stopped at its limit (more unpublished rows may follow). */
  full: boolean;
}

/**
 * Where the outbox relay's scan for unpublished rows starts: every row numbered below `from` is
 * published, or will never commit. Without it each scan walks the index entries of every row
 * published since the table was last vacuumed (a published row leaves the partial index only
 * then), which under load made the scan the largest single cost of ingestion in Postgres.
 *
 * A row that commits late must still be found, so the floor never passes a number whose
 * transaction may still commit. Each drain reads the last number handed out (`allocated`), then
 * takes a snapshot: every transaction that drew a number up to `allocated` had its transaction id
 * before the draw (`OutboxService` takes it first), so that id is below the snapshot's `xmax`. Once
 * a later snapshot's `xmin` reaches that `xmax`, all of them have ended: every row numbered up to
 * `allocated` that will ever exist is committed, and a scan after that snapshot sees it.
 */
export class OutboxFloor {
  private start = 0n;
  /** Marks not yet settled, oldest first: `allocated` grows along the list, `xmax` never falls. */
  private readonly marks: { allocated: bigint; xmax: bigint }[] = [];

  /** The first number the next scan must look at. */
  get from(): bigint {
    return this.start;
  }

  /**
   * After a scan (`published`: its rows were then published and committed). Moves the floor up to
   * the highest settled number, but never past a row the scan found and left unpublished, nor past
   * a full scan's last row (rows after it may wait).
   */
  scanned({ allocated, xmin, xmax, seqs, full }: OutboxScan, published: boolean): void {
    const settled = this.settle(allocated, xmin, xmax);
    if (settled === undefined) return;
    let next = settled + 1n;
    const first = seqs[0];
    const last = seqs.at(-1);
    if (!published && first !== undefined && first < next) next = first;
    if (published && full && last !== undefined && last + 1n < next) next = last + 1n;
    if (next > this.start) this.start = next;
  }

  /** Records this drain's mark; returns the highest `allocated` among the marks now settled. */
  private settle(allocated: bigint, xmin: bigint, xmax: bigint): bigint | undefined {
    const newest = this.marks.at(-1);
    if (!newest || allocated > newest.allocated) {
      // Replacing the newest keeps it exact: the new mark settles only after the one it replaces.
      if (this.marks.length === MAX_MARKS) this.marks.pop();
      this.marks.push({ allocated, xmax });
    }
    let settled: bigint | undefined;
    while (this.marks.length > 0 && this.marks[0]!.xmax <= xmin) settled = this.marks.shift()!.allocated;
    return settled;
  }
}
