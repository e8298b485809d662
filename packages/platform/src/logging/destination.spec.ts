import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { LOG_BATCH_BYTES, LOG_FLUSH_MS, batchedDestination, type LogDestination } from './destination';

describe('batchedDestination: log lines written a batch at a time, none held for long', () => {
  let dir: string;
  let file: string;
  let dest: LogDestination | undefined;
  const logger = () => pino({ base: undefined }, (dest = batchedDestination(file)));
  const written = () => readFileSync(file, 'utf8');
  const lines = () => written().split('\n').filter(Boolean);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
    file = join(dir, 'out.log');
  });

  afterEach(() => {
    dest?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds a short line, then writes it within the flush interval', () => {
    jest.useFakeTimers();
    try {
      const log = logger();
      log.info('first');
      jest.advanceTimersByTime(LOG_FLUSH_MS - 1);
      expect(written()).toBe('');
      jest.advanceTimersByTime(1);
      expect(lines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes as soon as a batch is full, every line whole and in order', () => {
    const log = logger();
    const padding = 'x'.repeat(200);
    let count = 0;
    while (written() === '') log.info({ n: count++, padding }, 'line');
    expect(count * 200).toBeGreaterThan(LOG_BATCH_BYTES / 2);
    expect(count * 250).toBeLessThan(LOG_BATCH_BYTES * 2);
    const numbers = lines().map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual([...numbers.keys()]);
    expect(numbers.length).toBe(count);
  });

  it('writes a warning or worse at once, with the lines held before it', () => {
    const log = logger();
    log.info('held');
    log.debug('not logged at info');
    expect(written()).toBe('');
    log.warn('at once');
    expect(lines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['held', 'at once']);
    log.info('held again');
    expect(lines()).toHaveLength(2);
    log.error('at once too');
    expect(lines()).toHaveLength(4);
  });

  it('flushSync writes what is held (what the process does on exit)', () => {
    const log = logger();
    log.info('held');
    expect(written()).toBe('');
    dest!.flushSync();
    expect(lines()).toHaveLength(1);
  });
});
