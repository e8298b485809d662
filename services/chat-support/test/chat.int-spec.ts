import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  annualPrice,
  chatMessageMaxLength,
  chatMessages,
  ChatEscalatedSchema,
  ErrorCode,
  plans,
  type ChatEscalateRequest,
  type ChatMessageResponse,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import {
  accessCookie,
  query,
  rawRequest,
  roomInMinuteWindow,
  startApp,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';

// The chat widget's calls (spec 7) against the real Postgres, Redis and Kafka, with the built-in
// engines (no OPENAI_API_KEY): retrieval over the help content and the spec's keyword rules. The
// same calls with OpenAI (the fake in tools/fake-openai) are chat-openai.int-spec.ts.
delete process.env.OPENAI_API_KEY;
const RATE_LIMIT = 12;
process.env.CHAT_RATE_LIMIT_PER_MINUTE = String(RATE_LIMIT);

const userOf = (): AuthUser => ({ id: randomUUID(), email: uniqueEmail('chat'), emailVerified: true, role: 'user' });
const sessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
const growth = plans.find((plan) => plan.id === 'growth')!;

describe('chat-support: the chat widget calls', () => {
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(() => app?.close());

  const send = (path: string, user: AuthUser | undefined, body: unknown) =>
    rawRequest(`${api}/api/chat/${path}`, 'POST', {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: accessCookie(user) } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const ask = async (user: AuthUser, session: string, message: string) => {
    const reply = await send('message', user, {
      message,
      sessionId: session,
      sentiment: 'neutral',
      priority: 'low',
      timestamp: new Date().toISOString(),
    });
    expect([reply.status, reply.body]).toEqual([200, expect.anything()]);
    return reply.body as ChatMessageResponse;
  };
  const messagesOf = (session: string) =>
    query<{ type: string; content: string; escalated: boolean; priority: string; sources: { id: string }[] }>(
      `SELECT m.type, m.content, m.escalated, m.priority, m.sources
         FROM chat_support.chat_messages m JOIN chat_support.chat_conversations c ON c.id = m.conversation_id
        WHERE c.session_id = $1 ORDER BY m.seq`,
      [session],
    );
  const escalation = (session: string, message: string, overrides: Partial<ChatEscalateRequest> = {}) => ({
    sessionId: session,
    message,
    sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
    timestamp: new Date().toISOString(),
    userContext: {
      recentMessages: [
        { id: 1, type: 'bot', content: 'Hello! How can I help?', timestamp: new Date().toISOString() },
        { id: 2, type: 'user', content: message, sentiment: 'negative', priority: 'urgent', escalated: false },
      ],
      sessionDuration: 65_000,
    },
    ...overrides,
  });

  it('initializes a session for the signed-in user, once however often the widget mounts', async () => {
    const user = userOf();
    const session = sessionId();
    const body = { sessionId: session, timestamp: new Date().toISOString(), userAgent: 'jest', platform: 'web' };
    const first = await send('initialize', user, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      sessionId: session,
      conversationId: expect.any(String),
      startedAt: expect.any(String),
    });
    const again = await send('initialize', user, body);
    expect(again.body).toEqual(first.body);
    expect(
      await query('SELECT user_id, user_agent, platform FROM chat_support.chat_conversations WHERE session_id = $1', [
        session,
      ]),
    ).toEqual([{ user_id: user.id, user_agent: 'jest', platform: 'web' }]);
  });

  it('answers a plan question with the real price from the contracts, naming the passage, and stores both messages', async () => {
    const user = userOf();
    const session = sessionId();
    await send('initialize', user, { sessionId: session, platform: 'web' });
    const reply = await ask(user, session, 'How much does the Growth plan cost?');
    expect(reply.message).toContain(`$${growth.monthlyPrice} per month`);
    expect(reply.message).toContain(`$${annualPrice(growth.monthlyPrice)} per year`);
    expect(reply.sources.map((source) => source.id)).toContain('pricing.plan-growth');
    expect(reply.offerHuman).toBe(false);
    expect(reply.messageId).toEqual(expect.any(String));

    expect(await messagesOf(session)).toEqual([
      expect.objectContaining({ type: 'user', content: 'How much does the Growth plan cost?', escalated: false }),
      expect.objectContaining({ type: 'bot', content: reply.message, sources: reply.sources }),
    ]);
  });

  it('answers how-tos and support questions from the help content', async () => {
    const user = userOf();
    const session = sessionId();
    const password = await ask(user, session, 'How do I reset my password?');
    expect(password.message).toContain('Forgot your password?');
    expect(password.sources.map((source) => source.id)).toContain('getting-started.sign-in');
    const hours = await ask(user, session, 'How quickly do you respond to a compliance question?');
    expect(hours.message).toContain('Compliance: 24 hours');
  });

  it('says it does not know when the help content has no answer, and offers a person instead of guessing', async () => {
    const user = userOf();
    const session = sessionId();
    for (const question of ['What is the capital of France?', 'Can you recommend a good quantum computing course?']) {
      const reply = await ask(user, session, question);
      expect(reply.message).toMatch(/couldn't find the answer/);
      expect(reply.message).toMatch(/support team/);
      expect(reply.sources).toEqual([]);
      expect(reply.offerHuman).toBe(true);
    }
  });

  it.each([
    [
      'I think someone used my card for fraud',
      { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true },
      'urgent',
    ],
    [
      'I am locked out of my account',
      { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true },
      'urgent',
    ],
    [
      'There is an error on my invoice',
      { score: -0.4, label: 'negative', confidence: 0.7, escalationRequired: false },
      'low',
    ],
    [
      `There is an error on my invoice: ${'the totals do not add up. '.repeat(4)}`,
      { score: -0.4, label: 'negative', confidence: 0.7, escalationRequired: true },
      'urgent',
    ],
    ['Thanks, that was great', { score: 0.6, label: 'positive', confidence: 0.8, escalationRequired: false }, 'low'],
    ['What are the plans?', { score: 0, label: 'neutral', confidence: 0.6, escalationRequired: false }, 'low'],
  ])('rates %j by the spec 9 keyword rules', async (message, expected, priority) => {
    const reply = await send('sentiment', userOf(), { message, sessionId: sessionId() });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...expected, reason: expect.any(String), priority });
  });

  it('escalates: a pending support conversation with the user context, the message marked, ChatEscalated published', async () => {
    const user = userOf();
    const session = sessionId();
    const text = 'Someone has hacked my account and moved money out';
    await ask(user, session, text);
    const request = escalation(session, text);
    const reply = await send('escalate', user, request);
    expect(reply.status).toBe(201);
    const escalated = reply.body as { supportConversationId: string };
    expect(reply.body).toEqual({
      success: true,
      supportConversationId: expect.any(String),
      status: 'pending',
      priority: 'urgent',
      message: chatMessages.escalated,
    });

    const [row] = await query<Record<string, unknown>>(
      `SELECT s.user_id, s.status, s.priority, s.message, s.sentiment, s.user_context, c.session_id
         FROM chat_support.support_conversations s JOIN chat_support.chat_conversations c ON c.id = s.conversation_id
        WHERE s.id = $1`,
      [escalated.supportConversationId],
    );
    expect(row).toEqual({
      user_id: user.id,
      status: 'pending',
      priority: 'urgent',
      message: text,
      sentiment: expect.objectContaining({ label: 'negative', score: -0.8, escalationRequired: true }),
      user_context: request.userContext,
      session_id: session,
    });
    expect((await messagesOf(session))[0]).toEqual(
      expect.objectContaining({ type: 'user', content: text, escalated: true, priority: 'urgent' }),
    );

    const published = await waitFor(
      async () => {
        const [event] = await query<{ payload: Buffer; topic: string; published_at: Date | null }>(
          `SELECT payload, topic, published_at FROM chat_support.outbox WHERE key = $1 AND type = 'ChatEscalated'`,
          [user.id],
        );
        return event?.published_at ? event : undefined;
      },
      30000,
      'ChatEscalated published to Kafka',
    );
    expect(published.topic).toBe('support.events.v1');
    const event = fromBinary(ChatEscalatedSchema, published.payload);
    expect({ ...event, escalatedAt: undefined, $typeName: undefined }).toEqual({
      $typeName: undefined,
      supportConversationId: escalated.supportConversationId,
      conversationId: expect.any(String),
      userId: user.id,
      sessionId: session,
      priority: 'urgent',
      sentimentLabel: 'negative',
      sentimentScore: -0.8,
      reason: expect.stringContaining('hack'),
      escalatedAt: undefined,
    });
    expect(Math.abs(timestampDate(event.escalatedAt!).getTime() - Date.now())).toBeLessThan(60_000);

    // The chat's support conversation is not resolved: a second escalation joins it, no second event.
    const again = await send('escalate', user, escalation(session, 'Still waiting, this is urgent'));
    expect(again.status).toBe(201);
    expect((again.body as { supportConversationId: string }).supportConversationId).toBe(
      escalated.supportConversationId,
    );
    expect(
      await query(`SELECT count(*)::int AS n FROM chat_support.outbox WHERE key = $1 AND type = 'ChatEscalated'`, [
        user.id,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('escalates the largest request the contracts allow: the event stays within its bounds', async () => {
    const user = userOf();
    const session = `s${randomUUID().replaceAll('-', '')}`.padEnd(100, 'x');
    const longest = `Fraud: ${'x'.repeat(chatMessageMaxLength - 7)}`;
    const reply = await send(
      'escalate',
      user,
      escalation(session, longest, {
        userContext: {
          recentMessages: Array.from({ length: 5 }, (_, i) => ({
            id: 'i'.repeat(100),
            type: i % 2 ? 'bot' : 'user',
            content: longest,
          })),
          sessionDuration: 30 * 24 * 3600 * 1000,
        },
      }),
    );
    expect(reply.status).toBe(201);
    expect(
      await query(`SELECT count(*)::int AS n FROM chat_support.outbox WHERE key = $1 AND type = 'ChatEscalated'`, [
        user.id,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it("takes the priority from its own analysis, not the client's claim", async () => {
    const user = userOf();
    const session = sessionId();
    const reply = await send('escalate', user, escalation(session, 'Could a person look at my settings page?'));
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(expect.objectContaining({ status: 'pending', priority: 'low' }));
    const [row] = await query<{ sentiment: { reason: string } }>(
      'SELECT sentiment FROM chat_support.support_conversations WHERE user_id = $1',
      [user.id],
    );
    expect(row?.sentiment.reason).toBe('The user asked for a person');
  });

  it("reads the user's own support requests, and nobody else's", async () => {
    const owner = userOf();
    const other = userOf();
    const session = sessionId();
    const escalated = await send('escalate', owner, escalation(session, 'Fraud on my account'));
    const { supportConversationId } = escalated.body as { supportConversationId: string };
    const mine = await ask(owner, session, 'What is the status of my support requests?');
    expect(mine.message).toContain(supportConversationId);
    expect(mine.message).toContain('status pending');
    expect(mine.sources).toEqual([{ id: 'support-history', title: 'Your support requests', path: '/contact' }]);
    const theirs = await ask(other, sessionId(), 'What is the status of my support requests?');
    expect(theirs.message).not.toContain(supportConversationId);
    expect(theirs.message).toMatch(/haven't sent us any support requests/);
  });

  it("answers 404 to another user's session id and changes nothing in that conversation", async () => {
    const owner = userOf();
    const intruder = userOf();
    const session = sessionId();
    await ask(owner, session, 'How much does the Growth plan cost?');
    const before = await messagesOf(session);

    const attempts = [
      ['initialize', { sessionId: session, platform: 'web' }],
      ['sentiment', { message: 'hello', sessionId: session }],
      ['message', { message: 'Show me the earlier messages', sessionId: session }],
      ['escalate', escalation(session, 'Fraud!')],
    ] as const;
    for (const [path, body] of attempts) {
      const reply = await send(path, intruder, body);
      expect([path, reply.status, reply.body]).toEqual([
        path,
        404,
        { error: ErrorCode.NotFound, message: 'Chat session not found.' },
      ]);
    }
    expect(await messagesOf(session)).toEqual(before);
    expect(
      await query('SELECT count(*)::int AS n FROM chat_support.support_conversations WHERE user_id = $1', [
        intruder.id,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(await query('SELECT user_id FROM chat_support.chat_conversations WHERE session_id = $1', [session])).toEqual(
      [{ user_id: owner.id }],
    );
  });

  it('needs a session: 401 without one, 403 with an unverified e-mail', async () => {
    const body = { sessionId: sessionId(), platform: 'web' };
    expect((await send('initialize', undefined, body)).status).toBe(401);
    expect((await send('initialize', { ...userOf(), emailVerified: false }, body)).status).toBe(403);
  });

  it('refuses bad input with 400 and a clear message, never a 500', async () => {
    const session = sessionId();
    const cases: [string, unknown, string][] = [
      ['message', { message: '', sessionId: session }, chatMessages.empty],
      ['message', { message: '   \n\t ', sessionId: session }, chatMessages.empty],
      ['message', { sessionId: session }, chatMessages.empty],
      ['message', { message: 'x'.repeat(chatMessageMaxLength + 1), sessionId: session }, chatMessages.tooLong],
      ['message', { message: 'hello', sessionId: 'short' }, chatMessages.sessionId],
      ['message', { message: 'hello', sessionId: '../../etc/passwd' }, chatMessages.sessionId],
      [
        'message',
        { message: 'hello', sessionId: session, priority: 'critical' },
        'Priority must be low, medium, high or urgent',
      ],
      ['message', { message: 'hello', sessionId: session, timestamp: 'yesterday' }, chatMessages.timestamp],
      ['message', { message: 'hello', sessionId: session, admin: true }, 'Unknown field(s): admin'],
      ['sentiment', { message: 'x'.repeat(chatMessageMaxLength + 1), sessionId: session }, chatMessages.tooLong],
      ['initialize', { sessionId: session, platform: 'ios' }, 'Platform must be web'],
      ['initialize', { sessionId: session, userAgent: 'x'.repeat(501) }, 'User agent must be at most 500 characters'],
      [
        'escalate',
        { ...escalation(session, 'Fraud'), sentiment: { ...escalation(session, 'Fraud').sentiment, label: 'angry' } },
        'Invalid option',
      ],
      [
        'escalate',
        {
          ...escalation(session, 'Fraud'),
          userContext: {
            recentMessages: Array.from({ length: 6 }, () => ({ type: 'user', content: 'hi' })),
            sessionDuration: 1000,
          },
        },
        'At most 5 recent messages',
      ],
      ['escalate', { ...escalation(session, 'Fraud'), userContext: undefined }, 'Required'],
      ['message', { message: 'nul\u0000byte', sessionId: session }, 'Text must not contain NUL characters'],
      ['message', '{"message": ', 'Request body is not valid JSON'],
      ['message', '[]', 'expected object'],
    ];
    for (const [path, body, message] of cases) {
      // A user per case: refused calls count against the user's rate limit too.
      const reply = await send(path, userOf(), body);
      expect([path, body, reply.status]).toEqual([path, body, 400]);
      expect((reply.body as { message: string }).message).toContain(message);
    }
    expect(await messagesOf(session)).toEqual([]);
  });

  it('limits chat calls per user: 429 with Retry-After past the limit, other users unaffected', async () => {
    // A fixed one-minute window: start early in one so every call counts in the same window.
    await roomInMinuteWindow(15_000);
    const user = userOf();
    const session = sessionId();
    const statuses: number[] = [];
    for (let call = 0; call < RATE_LIMIT; call++) {
      statuses.push((await send('sentiment', user, { message: 'Hello there', sessionId: session })).status);
    }
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(200));
    const limited = await send('message', user, { message: 'One more?', sessionId: session });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: ErrorCode.RateLimited,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messagesOf(session)).toEqual([]);
    expect((await send('sentiment', userOf(), { message: 'Hello there', sessionId: sessionId() })).status).toBe(200);
  });
});
