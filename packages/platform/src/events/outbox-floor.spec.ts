import { OutboxFloor, type OutboxScan } from './outbox-floor';

const scan = (allocated: number, xmin: number, seqs: number[] = [], full = false): OutboxScan => ({
  allocated: BigInt(allocated),
  xmin: BigInt(xmin),
  last: seqs.length > 0 ? BigInt(seqs.at(-1)!) : undefined,
  full,
});

describe('OutboxFloor', () => {
  it('starts at the beginning of the outbox, and stays there until a drain that published is known to be past', () => {
    const floor = new OutboxFloor();
    expect(floor.from).toBe(0n);
    // Published 8 to 10 in transaction 500: nothing is known of the transactions below 500 yet.
    floor.scanned(scan(10, 490, [8, 9, 10]), 500n);
    expect(floor.from).toBe(0n);
    // The next drain's snapshot: nothing older than 500 runs. Every number up to 10 is final.
    floor.scanned(scan(10, 500), undefined);
    expect(floor.from).toBe(11n);
  });

  it('stays below a number whose transaction was still running, until that transaction has ended', () => {
    const floor = new OutboxFloor();
    // Transaction 480 drew 7 and has not committed; 8 committed and was published by transaction 500.
    floor.scanned(scan(8, 480, [8]), 500n);
    // 480 still runs at the next drains (xmin 480), which publish more.
    floor.scanned(scan(12, 480, [9, 10, 11, 12]), 510n);
    floor.scanned(scan(12, 480), undefined);
    expect(floor.from).toBe(0n);
    // 480 has ended, and the oldest running is now 505: the first mark (500) settles, and the scan
    // after that snapshot found 7, which transaction 520 published.
    floor.scanned(scan(12, 505, [7]), 520n);
    expect(floor.from).toBe(9n);
    // Then the second mark (510) settles too.
    floor.scanned(scan(12, 515), undefined);
    expect(floor.from).toBe(13n);
  });

  it('stops after the last row of a full scan: rows after it may still wait', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(1000, 690, [1]), 700n);
    floor.scanned(scan(1000, 701, [2, 3, 4], true), 710n);
    expect(floor.from).toBe(5n);
  });

  it('moves to the highest of several marks that settle together', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(10, 490, [9, 10]), 500n);
    floor.scanned(scan(20, 490, [11, 20]), 510n);
    floor.scanned(scan(30, 490, [21, 30]), 520n);
    // 490 has ended; 500 and 510 settle, 520 is still running.
    floor.scanned(scan(30, 515), undefined);
    expect(floor.from).toBe(21n);
  });

  it('starts again from the beginning when the sequence has gone back (a database restored under it)', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(50, 890), 900n);
    floor.scanned(scan(50, 901), undefined);
    expect(floor.from).toBe(51n);
    // The outbox now hands out numbers up to 3 again: the scan from 51 found nothing.
    floor.scanned(scan(3, 40), undefined);
    expect(floor.from).toBe(0n);
    // The next scan, from 0, finds 2 and 3 and publishes them; the one after settles.
    floor.scanned(scan(3, 41, [2, 3]), 60n);
    floor.scanned(scan(3, 61), undefined);
    expect(floor.from).toBe(4n);
  });

  it('keeps at most a bounded number of marks while a transaction runs long, and settles them all after', () => {
    const floor = new OutboxFloor();
    // A transaction (id 100) stays open across 1,000 drains, each publishing rows drawn after it.
    for (let drain = 1; drain <= 1000; drain++) floor.scanned(scan(drain * 10, 100, [drain * 10]), BigInt(100 + drain));
    expect(floor.from).toBe(0n);
    expect((floor as unknown as { marks: unknown[] }).marks.length).toBeLessThanOrEqual(64);
    // It ends; the next snapshot's xmin is past every drain's transaction.
    floor.scanned(scan(10_000, 1101), undefined);
    expect(floor.from).toBe(10_001n);
  });
});
