import type { SupportQueueItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { formatDuration, queueItemSla, waitingNow } from './format';

const minute = 60_000;

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45_000, '45 s'],
    [12 * minute, '12 min'],
    [60 * minute, '1 h'],
    [65 * minute, '1 h 5 min'],
    [(24 * 60 + 3 * 60) * minute, '1 d 3 h'],
    [-5, '0 s'],
  ])('%i ms reads "%s"', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('queueItemSla', () => {
  // On the server's clock the list was read at 10:12; the client received it at t = 1000.
  const item = (overrides: Partial<SupportQueueItem>): SupportQueueItem => ({
    kind: 'chat',
    id: 'c1',
    status: 'open',
    priority: 'high',
    summary: 'Help',
    from: 'u1',
    assignedTo: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    waitingMs: 12 * minute,
    firstResponseDueAt: '2026-03-02T10:30:00.000Z',
    firstResponseAt: null,
    breached: false,
    ...overrides,
  });
  const receivedAt = 1_000;

  it('counts down from the server instant, whatever the client clock says', () => {
    expect(queueItemSla(item({}), receivedAt + 2 * minute, receivedAt)).toEqual({ kind: 'due', leftMs: 16 * minute });
    expect(waitingNow(item({}), receivedAt + 2 * minute, receivedAt)).toBe(14 * minute);
  });

  it('stops at zero until the server says breached', () => {
    expect(queueItemSla(item({}), receivedAt + 60 * minute, receivedAt)).toEqual({ kind: 'due', leftMs: 0 });
    expect(queueItemSla(item({ breached: true }), receivedAt, receivedAt)).toEqual({ kind: 'breached' });
  });

  it('reads a first reply as the SLA met (a late one the server reports as breached)', () => {
    expect(queueItemSla(item({ firstResponseAt: '2026-03-02T10:05:00.000Z' }), receivedAt, receivedAt)).toEqual({
      kind: 'met',
    });
    // Overdue and unanswered, the breach job not run yet: due now, not met.
    expect(queueItemSla(item({ waitingMs: 40 * minute }), receivedAt, receivedAt)).toEqual({ kind: 'due', leftMs: 0 });
  });

  it('has no SLA for tickets and resolved chats', () => {
    expect(queueItemSla(item({ kind: 'ticket', firstResponseDueAt: null }), receivedAt, receivedAt)).toEqual({
      kind: 'none',
    });
    expect(queueItemSla(item({ status: 'resolved' }), receivedAt, receivedAt)).toEqual({ kind: 'none' });
  });
});
