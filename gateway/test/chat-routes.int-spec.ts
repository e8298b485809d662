import { randomUUID } from 'node:crypto';
import { accessCookie, rawRequest, uniqueEmail } from '../../test-support';
import type * as ChatSupportApp from '../../services/chat-support/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/chat routes of spec 7: a session and a verified e-mail at the gateway, the session's
// owner and the per-user limit at chat-support.
delete process.env.OPENAI_API_KEY;

describe('gateway: chat routes', () => {
  let gateway: GatewayInFront;
  let url: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof ChatSupportApp>('../../services/chat-support/src/app.module');
    gateway = await startGatewayInFront(AppModule, 'CHAT_SUPPORT_URL');
    ({ url } = gateway);
  });

  afterAll(() => gateway?.close());

  const cookieOf = (emailVerified: boolean) =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('gw-chat'), emailVerified, role: 'user' });
  const send = (path: string, body: unknown, cookie?: string) =>
    rawRequest(`${url}${path}`, 'POST', {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('reaches chat-support signed in, and answers 401 signed out and 403 unverified before the service', async () => {
    const sessionId = `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
    const calls: [string, unknown, number][] = [
      [
        '/api/chat/initialize',
        { sessionId, timestamp: new Date().toISOString(), userAgent: 'jest', platform: 'web' },
        200,
      ],
      ['/api/chat/sentiment', { message: 'Thank you, this is great', sessionId }, 200],
      [
        '/api/chat/message',
        { message: 'How much is the Growth plan?', sessionId, sentiment: 'positive', priority: 'low' },
        200,
      ],
      [
        '/api/chat/escalate',
        {
          sessionId,
          message: 'I was locked out of my account',
          sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
          timestamp: new Date().toISOString(),
          userContext: {
            recentMessages: [{ type: 'user', content: 'I was locked out of my account' }],
            sessionDuration: 5000,
          },
        },
        201,
      ],
    ];
    const member = cookieOf(true);
    for (const [path, body, status] of calls) {
      expect([path, (await send(path, body)).status]).toEqual([path, 401]);
      expect([path, (await send(path, body, cookieOf(false))).status]).toEqual([path, 403]);
      expect([path, (await send(path, body, member)).status]).toEqual([path, status]);
    }
    const reply = await send('/api/chat/message', { message: 'How much is the Growth plan?', sessionId }, member);
    expect((reply.body as { message: string }).message).toContain('$29 per month');
    // Another user's session id is not found through the gateway either.
    expect((await send('/api/chat/message', { message: 'hi', sessionId }, cookieOf(true))).status).toBe(404);
  });
});
