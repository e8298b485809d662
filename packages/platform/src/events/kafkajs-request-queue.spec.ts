import { KafkaRequestQueue } from './kafkajs-request-queue';

// kafkajs's request queue with the idle timer loop removed (kafkajs-request-queue.ts): no timer
// while nothing waits, and requests that wait for an in-flight slot or a throttle still go out.

interface Queue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  push(request: {
    entry: { correlationId: number; resolve(): void };
    expectResponse: boolean;
    sendRequest(): void;
  }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe('kafkajs request queue without the idle timer loop', () => {
  let queue: Queue;
  let sent: number[];

  const push = (correlationId: number) =>
    queue.push({
      entry: { correlationId, resolve: () => undefined },
      expectResponse: true,
      sendRequest: () => sent.push(correlationId),
    });
  const fulfil = (correlationId: number) => queue.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    sent = [];
    const Queue = KafkaRequestQueue as unknown as new (options: object) => Queue;
    queue = new Queue({
      maxInFlightRequests: 1,
      requestTimeout: 30_000,
      enforceRequestTimeout: false,
      clientId: 'probe',
      broker: '127.0.0.1:9092',
      logger: silent,
    });
  });

  afterEach(() => {
    queue.destroy();
    jest.useRealTimers();
  });

  it('sets no timer while no request waits (kafkajs 2.2.4 re-armed a 1 ms one for ever)', () => {
    queue.scheduleCheckPendingRequests();
    expect(jest.getTimerCount()).toBe(0);

    push(1);
    expect(sent).toEqual([1]);
    fulfil(1);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sends a request waiting for an in-flight slot as soon as the slot frees, and then idles', () => {
    push(1);
    push(2);
    expect(sent).toEqual([1]);
    expect(queue.pending).toHaveLength(1);

    fulfil(1);
    expect(sent).toEqual([1, 2]);
    jest.advanceTimersByTime(20);
    fulfil(2);
    jest.advanceTimersByTime(20);
    expect(jest.getTimerCount()).toBe(0);
    expect(queue.inflight.size).toBe(0);
  });

  it('holds requests during a client-side throttle and sends them when it ends', () => {
    queue.maybeThrottle(50);
    push(1);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([1]);
    fulfil(1);
    jest.advanceTimersByTime(100);
    expect(jest.getTimerCount()).toBe(0);
  });
});
