import { OutboxFloor, type OutboxScan } from './outbox-floor';

const scan = (allocated: number, xmin: number, xmax: number, seqs: number[] = [], full = false): OutboxScan => ({
  allocated: BigInt(allocated),
  xmin: BigInt(xmin),
  xmax: BigInt(xmax),
  seqs: seqs.map(BigInt),
  full,
});

describe('OutboxFloor', () => {
  it('starts at the beginning of the outbox', () => {
    expect(new OutboxFloor().from).toBe(0n);
  });

  it('passes every number handed out once no transaction ran when they were read', () => {
    const floor = new OutboxFloor();
    // Nothing running (xmin = xmax): numbers up to 10 are final, and the scan published 8 to 10.
    floor.scanned(scan(10, 500, 500, [8, 9, 10]), true);
    expect(floor.from).toBe(11n);
  });

  it('stays below a number whose transaction was still running, until that transaction has ended', () => {
    const floor = new OutboxFloor();
    // Transaction 500 drew 7 and has not committed; 8 committed and was published.
    floor.scanned(scan(8, 500, 502, [8]), true);
    expect(floor.from).toBe(0n);
    // Still running at the next drain (xmin 500): nothing settles, whatever was published.
    floor.scanned(scan(12, 500, 505, [9, 10, 11, 12]), true);
    expect(floor.from).toBe(0n);
    // 500 has ended (xmin passed 502, the first mark's xmax), and the scan after that snapshot found 7.
    floor.scanned(scan(12, 503, 505, [7]), true);
    expect(floor.from).toBe(9n);
    // Then the second mark (xmax 505) settles too.
    floor.scanned(scan(12, 505, 505), true);
    expect(floor.from).toBe(13n);
  });

  it('does not pass a row the scan found but did not publish (another relay held the lock)', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(20, 600, 600, [15, 16]), false);
    expect(floor.from).toBe(15n);
    // Nothing found and nothing running: all of them were published by the other relay.
    floor.scanned(scan(20, 601, 601), false);
    expect(floor.from).toBe(21n);
  });

  it('stops after the last row of a full scan: rows after it may still wait', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(1000, 700, 700, [1, 2, 3], true), true);
    expect(floor.from).toBe(4n);
  });

  it('never moves back', () => {
    const floor = new OutboxFloor();
    floor.scanned(scan(30, 800, 800), true);
    expect(floor.from).toBe(31n);
    floor.scanned(scan(30, 801, 801, [], false), false);
    floor.scanned(scan(40, 802, 802, [31, 32], true), true);
    expect(floor.from).toBe(33n);
  });

  it('keeps at most a bounded number of marks while a transaction runs long, and settles them all after', () => {
    const floor = new OutboxFloor();
    // A transaction (id 100) stays open across 1,000 drains, each seeing new numbers handed out.
    for (let drain = 1; drain <= 1000; drain++) floor.scanned(scan(drain * 10, 100, 100 + drain), true);
    expect(floor.from).toBe(0n);
    expect((floor as unknown as { marks: unknown[] }).marks.length).toBeLessThanOrEqual(64);
    // It ends; the next snapshot's xmin is past every mark's xmax.
    floor.scanned(scan(10_000, 1101, 1101), true);
    expect(floor.from).toBe(10_001n);
  });
});
