import { EventConsumer } from './event-consumer';

/** The consumer's offset commits, driven directly: what reaches Kafka, and when. */
interface Committing {
  running: boolean;
  commitInBackground(commit: () => Promise<void>): void;
  beforeApplicationShutdown(): Promise<void>;
}

describe('EventConsumer offset commits', () => {
  let consumer: Committing;
  let sent: string[];
  const commitOf = (label: string) => async () => void sent.push(label);
  /** Lets the commit in flight answer (its promise chain), without moving the clock. */
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    consumer = new EventConsumer(
      undefined as never,
      undefined as never,
      '',
      'group',
      [],
      undefined as never,
      undefined as never,
      { KAFKA_RETENTION_HOURS: 168, KAFKA_FETCH_WAIT_MS: 5000 },
    ) as unknown as Committing;
    consumer.running = true;
  });

  afterEach(() => jest.useRealTimers());

  it('sends the first commit at once, then at most one per 250 ms, with the latest offsets', async () => {
    consumer.commitInBackground(commitOf('batch 1'));
    await settle();
    expect(sent).toEqual(['batch 1']);

    // Batches ending meanwhile: only the newest one's offsets go, once the gap has passed.
    consumer.commitInBackground(commitOf('batch 2'));
    consumer.commitInBackground(commitOf('batch 3'));
    await jest.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(['batch 1']);
    await jest.advanceTimersByTimeAsync(60);
    expect(sent).toEqual(['batch 1', 'batch 3']);

    // Nothing new: nothing more is sent; a batch after a quiet spell is committed at once.
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['batch 1', 'batch 3']);
    consumer.commitInBackground(commitOf('batch 4'));
    await settle();
    expect(sent).toEqual(['batch 1', 'batch 3', 'batch 4']);
  });

  it('sends what is waiting at once when the service stops', async () => {
    consumer.commitInBackground(commitOf('batch 1'));
    await settle();
    consumer.commitInBackground(commitOf('batch 2'));
    await settle();
    expect(sent).toEqual(['batch 1']);

    await consumer.beforeApplicationShutdown();
    expect(sent).toEqual(['batch 1', 'batch 2']);
  });

  it('keeps committing after a commit fails (the group rebalancing, the broker away)', async () => {
    consumer.commitInBackground(() => Promise.reject(new Error('REBALANCE_IN_PROGRESS')));
    consumer.commitInBackground(commitOf('batch 2'));
    await jest.advanceTimersByTimeAsync(250);
    expect(sent).toEqual(['batch 2']);
  });
});
