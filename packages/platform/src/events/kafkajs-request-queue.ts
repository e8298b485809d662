/**
 * kafkajs 2.2.4, its latest release, re-arms a timer on every broker connection for ever: when no
 * request is waiting, `scheduleCheckPendingRequests` still sets one for `throttledUntil - now`, a
 * negative delay (1 ms), whose callback schedules the next (tulios/kafkajs#1556, fixed on its main
 * branch by #1667, never released). Each connection of a producer, consumer or admin client wakes
 * its process about 1,000 times a second with nothing to do: an idle service here spent 4-6% of a
 * core on it, a dozen services half of one of the machine's two cores.
 *
 * This replaces that method with the fixed one: a check is scheduled only while requests wait (at
 * the end of a client-side throttle, or after 10 ms when they wait for an in-flight slot, as
 * kafkajs does). Nothing else needs a timer: a request pushed while nothing waits is sent at once
 * or queued with this check, and a finished or timed-out request checks the queue itself.
 */
// kafkajs exposes no API for this: its source module, as published (no `exports` map).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as RequestQueueClass;

/** kafkajs's own interval for requests waiting on an in-flight slot. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

interface RequestQueueClass {
  prototype: RequestQueueState;
}

function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttled > 0 ? throttled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;

/** The patched class, for its test. */
export const KafkaRequestQueue = RequestQueue;
