export interface RetrySchedule {
  /** The first retry's delay; each later one doubles. */
  baseMs: number;
  /** How long after the event attempts go on. */
  windowMs: number;
}

/**
 * When the next automatic attempt is due after `attempts` failed ones, or null when the delivery
 * has had its time. Each wait doubles (1, 2, 4 … minutes with a one-minute base), so a short
 * outage is bridged in minutes and a long one is not hammered; the wait that would overshoot the
 * window is cut to end on it, so the last attempt comes at the window's end (24 hours: attempts at
 * 0, 1, 3, 7 … 1023 minutes, then at 24 hours; 12 in all).
 */
export function nextAttemptAt(
  schedule: RetrySchedule,
  createdAt: Date,
  attempts: number,
  now: Date = new Date(),
): Date | null {
  const deadline = createdAt.getTime() + schedule.windowMs;
  // The attempt due at the deadline may run a moment early (timers, clocks): it is still the last.
  if (now.getTime() >= deadline - Math.min(schedule.baseMs, 1000)) return null;
  const wait = schedule.baseMs * 2 ** Math.max(0, attempts - 1);
  return new Date(Math.min(now.getTime() + wait, deadline));
}
