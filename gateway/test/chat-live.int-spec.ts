import { randomUUID } from 'node:crypto';
import { chatLiveEventTypes, type ChatLiveMessage, type ChatLiveStatus } from '@app/contracts';
import { LiveChannel } from '@app/platform';
import { accessCookie, openEventStream, rawRequest, uniqueEmail, waitFor, type EventStream } from '../../test-support';
import type * as ChatSupportApp from '../../services/chat-support/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// Issue 16: an agent's reply reaches the user's open widget live, as server-sent events from
// chat-support through the gateway, for the chat session's owner only.
delete process.env.OPENAI_API_KEY;

describe('gateway: the chat widget live stream', () => {
  let gateway: GatewayInFront;
  let url: string;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof ChatSupportApp>('../../services/chat-support/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'CHAT_SUPPORT_URL');
    ({ url } = gateway);
  });

  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
  afterAll(() => gateway?.close());

  const member = () =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('live'), emailVerified: true, role: 'user' });
  const agent = accessCookie({ id: randomUUID(), email: uniqueEmail('agent'), emailVerified: true, role: 'support' });
  const newSessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
  const post = async (path: string, body: unknown, cookie: string) => {
    const reply = await rawRequest(`${url}${path}`, 'POST', {
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (reply.status >= 300) throw new Error(`${path} answered ${reply.status}: ${reply.text}`);
    return reply.body as Record<string, unknown>;
  };
  const open = async (sessionId: string, cookie?: string) => {
    const stream = await openEventStream(
      `${url}/api/chat/stream?sessionId=${encodeURIComponent(sessionId)}`,
      cookie ? { cookie } : {},
    );
    streams.push(stream);
    return stream;
  };
  /** A chat of `cookie`'s user escalated to the support team; its support conversation's id. */
  const escalated = async (cookie: string, sessionId: string): Promise<string> => {
    const initialized = { sessionId, timestamp: new Date().toISOString(), userAgent: 'jest', platform: 'web' };
    await post('/api/chat/initialize', initialized, cookie);
    const message = 'I think there is fraud on my account';
    const escalation = await post(
      '/api/chat/escalate',
      {
        sessionId,
        message,
        sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
        timestamp: new Date().toISOString(),
        userContext: { recentMessages: [{ type: 'user', content: message }], sessionDuration: 4000 },
      },
      cookie,
    );
    return escalation.supportConversationId as string;
  };

  it('opens for a signed-in owner with a ready event; refuses the signed-out and a malformed session id', async () => {
    const sessionId = newSessionId();
    const stream = await open(sessionId, member());
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(JSON.parse((await stream.next(chatLiveEventTypes.ready)).data)).toEqual({ sessionId });

    const signedOut = await open(sessionId);
    expect([signedOut.status, signedOut.contentType]).toEqual([401, expect.stringMatching(/json/)]);
    const malformed = await open('bad id!', member());
    expect(malformed.status).toBe(400);
  });

  it("delivers the agent's claim, reply and resolution to the owner's open stream, and to nobody else's", async () => {
    const owner = member();
    const sessionId = newSessionId();
    const conversationId = await escalated(owner, sessionId);
    const mine = await open(sessionId, owner);
    const myOtherTab = await open(newSessionId(), owner);
    // Another user naming the same chat session id hears nothing of it.
    const stranger = await open(sessionId, member());
    await Promise.all([mine, myOtherTab, stranger].map((stream) => stream.next(chatLiveEventTypes.ready)));

    await post(`/api/support/conversations/${conversationId}/claim`, {}, agent);
    const claimed = JSON.parse((await mine.next(chatLiveEventTypes.status)).data) as ChatLiveStatus;
    expect(claimed).toEqual({ sessionId, supportStatus: 'open' });

    const sentAt = Date.now();
    await post(`/api/support/conversations/${conversationId}/reply`, { message: 'We have frozen the card.' }, agent);
    const reply = JSON.parse((await mine.next(chatLiveEventTypes.message)).data) as ChatLiveMessage;
    expect(reply).toMatchObject({ sessionId, message: { type: 'agent', content: 'We have frozen the card.' } });
    expect(Date.parse(reply.message.timestamp)).toBeGreaterThanOrEqual(sentAt - 1000);

    await post(`/api/support/conversations/${conversationId}/resolve`, {}, agent);
    expect(JSON.parse((await mine.next(chatLiveEventTypes.status)).data)).toEqual({
      sessionId,
      supportStatus: 'resolved',
    });

    for (const other of [myOtherTab, stranger]) {
      expect(other.events.map((event) => event.type)).toEqual([chatLiveEventTypes.ready]);
    }
  });

  it('lets go of the service side when the browser leaves', async () => {
    const live = gateway.service.get(LiveChannel);
    // The earlier tests' streams close at chat-support a moment after the browser side.
    await waitFor(async () => live.size === 0, 10_000, 'earlier streams to close');
    const opened = await Promise.all(Array.from({ length: 20 }, () => open(newSessionId(), member())));
    await Promise.all(opened.map((stream) => stream.next(chatLiveEventTypes.ready)));
    expect(live.size).toBe(20);
    opened.forEach((stream) => stream.close());
    await waitFor(async () => live.size === 0, 10_000, 'the streams to close at chat-support');
  });
});
