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

  const cookieOf = (emailVerified: boolean, role = 'user') =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('gw-chat'), emailVerified, role });
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

  it('lets only the support role (and admin) into /api/support/*: 401 signed out, 403 for a plain user', async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/support/queue'],
      ['GET', `/api/support/conversations/${id}`],
      ['POST', `/api/support/conversations/${id}/claim`, {}],
      ['POST', `/api/support/conversations/${id}/reply`, { message: 'Hello' }],
      ['POST', `/api/support/conversations/${id}/resolve`, {}],
      ['POST', `/api/support/tickets/${id}/claim`, {}],
      ['POST', `/api/support/tickets/${id}/resolve`, {}],
    ];
    const request = (method: string, path: string, body: unknown, cookie?: string) =>
      rawRequest(`${url}${path}`, method, {
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const plain = cookieOf(true);
    for (const [method, path, body] of routes) {
      expect([path, (await request(method, path, body)).status]).toEqual([path, 401]);
      const forbidden = await request(method, path, body, plain);
      expect([path, forbidden.status, forbidden.body]).toEqual([
        path,
        403,
        { error: 'FORBIDDEN', message: 'This action needs the support role.' },
      ]);
      // The role passes: a conversation that does not exist is 404, the queue is there.
      const agent = await request(method, path, body, cookieOf(true, 'support'));
      expect([path, agent.status]).toEqual([path, path === '/api/support/queue' ? 200 : 404]);
    }
    expect((await request('GET', '/api/support/queue', undefined, cookieOf(true, 'admin'))).status).toBe(200);
    // The history of someone else's session is not found through the gateway.
    expect((await request('GET', `/api/chat/history?sessionId=session_${randomUUID()}`, undefined)).status).toBe(401);
  });
});
