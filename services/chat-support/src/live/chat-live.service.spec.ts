import type { MessageEvent } from '@nestjs/common';
import { chatLiveEventTypes, type ChatLiveNotice } from '@app/contracts';
import type { LiveChannel, LiveListener } from '@app/platform';
import type Redis from 'ioredis';
import { ChatLiveService, KEEP_ALIVE_MS, STREAM_LIFETIME_MS } from './chat-live.service';
import type { WidgetPresence } from './widget-presence';

const user = {
  id: '6f1c1d8e-1f0b-4c53-9d55-3c4f1f1b0a01',
  email: 'a@example.test',
  emailVerified: true,
  role: 'user',
  sessionId: '0b8f5a7e-9c3d-4e2a-8f1b-2d6c7e8f9a0b',
};

function harness(revoked = false) {
  const listeners = new Map<string, LiveListener<ChatLiveNotice>>();
  const live = {
    subscribe: (topic: string, listener: LiveListener<ChatLiveNotice>) => {
      listeners.set(topic, listener);
      return () => listeners.delete(topic);
    },
  } as unknown as LiveChannel;
  const redis = { exists: jest.fn(async () => (revoked ? 1 : 0)) } as unknown as Redis;
  const presence = { connected: jest.fn(async () => undefined), disconnected: jest.fn(async () => undefined) };
  const service = new ChatLiveService(live, redis, presence as unknown as WidgetPresence);
  const received: MessageEvent[] = [];
  let completed = false;
  const subscription = service.stream(user, 'session_a_123').subscribe({
    next: (event) => received.push(event),
    complete: () => (completed = true),
  });
  return { listeners, received, subscription, completed: () => completed };
}

describe('ChatLiveService.stream', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("opens with ready and forwards only its own session's notices from the user's topic", () => {
    const { listeners, received } = harness();
    const listener = listeners.get(`chat:${user.id}`)!;
    const message = {
      id: 'm1',
      type: 'agent' as const,
      content: 'Hi',
      timestamp: '2026-11-25T10:00:00.000Z',
      escalated: false,
    };
    listener({ kind: 'event', event: { type: 'message', sessionId: 'session_b_456', message } });
    listener({ kind: 'event', event: { type: 'message', sessionId: 'session_a_123', message } });
    listener({ kind: 'resync' });
    expect(received.map((event) => event.type)).toEqual([
      chatLiveEventTypes.ready,
      chatLiveEventTypes.message,
      chatLiveEventTypes.resync,
    ]);
    expect(received[1].data).toEqual({ sessionId: 'session_a_123', message });
  });

  it('keeps the connection alive with comments and ends when the session is signed out', async () => {
    const { received, completed, listeners } = harness(true);
    await jest.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(received.at(-1)).toEqual({ comment: 'keep-alive' });
    expect(completed()).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it("ends after one access token's lifetime while signed in, so the browser reconnects with a fresh token", async () => {
    const { completed } = harness(false);
    await jest.advanceTimersByTimeAsync(STREAM_LIFETIME_MS - 1);
    expect(completed()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(completed()).toBe(true);
  });
});
