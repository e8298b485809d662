import type { SupportConversationResponse, SupportQueueItem } from '@app/contracts';

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** A span as people say it: "45 s", "12 min", "1 h 5 min", "2 d 3 h". */
export function formatDuration(ms: number): string {
  const value = Math.max(0, ms);
  if (value < minute) return `${Math.floor(value / second)} s`;
  if (value < hour) return `${Math.floor(value / minute)} min`;
  if (value < day) {
    const minutes = Math.floor((value % hour) / minute);
    return `${Math.floor(value / hour)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  const hours = Math.floor((value % day) / hour);
  return `${Math.floor(value / day)} d${hours ? ` ${hours} h` : ''}`;
}

/**
 * The first-response SLA as the console shows it: breached (the server's word), met (the first
 * reply came in time), due in `leftMs` (0 once the time has passed and the server has not yet said
 * breached), or none (tickets have no SLA; a resolved chat's is over).
 */
export type SlaState = { kind: 'none' } | { kind: 'breached' } | { kind: 'met' } | { kind: 'due'; leftMs: number };

/**
 * A queue item's SLA at `now`, counted from the instant the server computed `waitingMs` (createdAt +
 * waitingMs on its clock), which keeps a wrong client clock out of the countdown.
 */
export function queueItemSla(item: SupportQueueItem, now: number, receivedAt: number): SlaState {
  if (item.breached) return { kind: 'breached' };
  if (item.firstResponseAt) return { kind: 'met' };
  if (!item.firstResponseDueAt || item.status === 'resolved') return { kind: 'none' };
  const dueAt = Date.parse(item.firstResponseDueAt);
  const serverThen = Date.parse(item.createdAt) + item.waitingMs;
  return { kind: 'due', leftMs: Math.max(0, dueAt - serverThen - Math.max(0, now - receivedAt)) };
}

/** The open conversation's SLA at `now`; it knows when the first reply came. */
export function conversationSla(conversation: SupportConversationResponse, now: number): SlaState {
  if (conversation.breached) return { kind: 'breached' };
  if (conversation.firstResponseAt) return { kind: 'met' };
  if (!conversation.firstResponseDueAt || conversation.status === 'resolved') return { kind: 'none' };
  return { kind: 'due', leftMs: Math.max(0, Date.parse(conversation.firstResponseDueAt) - now) };
}

/** The queue's waiting time now: the server's figure plus the time since it was read. */
export const waitingNow = (item: SupportQueueItem, now: number, receivedAt: number): number =>
  item.waitingMs + Math.max(0, now - receivedAt);
