/**
 * The support team's business hours (the contact page's policy, contracts `businessHours`):
 * Monday to Friday, 9:00 to 18:00 New Zealand time, DST included (Pacific/Auckland).
 */
export const supportTimeZone = 'Pacific/Auckland';
const OPENS_AT_HOUR = 9;
const CLOSES_AT_HOUR = 18;
const MINUTE_MS = 60_000;

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: supportTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
});

/** The wall-clock reading in New Zealand at an instant. */
function localParts(at: Date): LocalDate & { hour: number; minute: number; second: number; weekday: string } {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday,
  };
}

/** Milliseconds New Zealand is ahead of UTC at an instant (+12 h standard time, +13 h daylight time). */
function offsetAt(at: Date): number {
  const p = localParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (at.getTime() - at.getMilliseconds());
}

/** The instant New Zealand's clocks read `hour`:00 on a local date (never in a DST gap: those are at 2-3 a.m.). */
function atLocal(date: LocalDate, hour: number): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour);
  const first = guess - offsetAt(new Date(guess));
  return new Date(guess - offsetAt(new Date(first)));
}

function nextDay(date: LocalDate): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/**
 * When `businessMinutes` of business time have passed since `from`: the clock runs only Monday to
 * Friday between 9:00 and 18:00 New Zealand time. From outside the hours it starts at the next
 * opening; a due time at closing stays at 18:00 rather than moving to the next morning.
 */
export function businessDueAt(from: Date, businessMinutes: number): Date {
  let remaining = Math.max(0, businessMinutes) * MINUTE_MS;
  let cursor = from;
  for (;;) {
    const local = localParts(cursor);
    const today: LocalDate = { year: local.year, month: local.month, day: local.day };
    if (local.weekday === 'Sat' || local.weekday === 'Sun') {
      cursor = atLocal(nextDay(today), OPENS_AT_HOUR);
      continue;
    }
    const opens = atLocal(today, OPENS_AT_HOUR);
    const closes = atLocal(today, CLOSES_AT_HOUR);
    if (cursor < opens) cursor = opens;
    if (cursor >= closes) {
      cursor = atLocal(nextDay(today), OPENS_AT_HOUR);
      continue;
    }
    const available = closes.getTime() - cursor.getTime();
    if (remaining <= available) return new Date(cursor.getTime() + remaining);
    remaining -= available;
    cursor = atLocal(nextDay(today), OPENS_AT_HOUR);
  }
}
