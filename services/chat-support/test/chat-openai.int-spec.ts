import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { plans, type ChatMessageResponse } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import { accessCookie, rawRequest, startApp, uniqueEmail } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { notKnownReply } from '../src/assistant/chat-assistant';
import { FakeOpenAiProcess } from './fake-openai';

// The chat with OPENAI_API_KEY set and OPENAI_BASE_URL pointing at the fake OpenAI server
// (tools/fake-openai, a deterministic test double): retrieval in the prompt, tool calls for help
// and for the user's own records, citations turned into sources, structured-output sentiment, and
// the built-in engines when the provider fails.
const API_KEY = 'sk-test-chat-support';
const userOf = (): AuthUser => ({ id: randomUUID(), email: uniqueEmail('chat-ai'), emailVerified: true, role: 'user' });
const sessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
const growth = plans.find((plan) => plan.id === 'growth')!;

describe('chat-support with OpenAI (the fake server)', () => {
  let fake: FakeOpenAiProcess;
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    fake = await FakeOpenAiProcess.start(API_KEY);
    process.env.OPENAI_API_KEY = API_KEY;
    process.env.OPENAI_BASE_URL = fake.baseUrl;
    process.env.OPENAI_TIMEOUT_MS = '5000';
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await app?.close();
    await fake?.stop();
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });

  beforeEach(() => fake.reset());

  const send = (path: string, user: AuthUser, body: unknown) =>
    rawRequest(`${api}/api/chat/${path}`, 'POST', {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      body: JSON.stringify(body),
    });
  const ask = async (user: AuthUser, session: string, message: string) => {
    const reply = await send('message', user, { message, sessionId: session });
    expect(reply.status).toBe(200);
    return reply.body as ChatMessageResponse;
  };

  it('answers from retrieved passages with the key, the model and the tools, citing the passage it used', async () => {
    const reply = await ask(userOf(), sessionId(), 'How much does the Growth plan cost?');
    expect(reply.message).toContain(`$${growth.monthlyPrice} per month`);
    expect(reply.message).not.toContain('[pricing.plan-growth]');
    expect(reply.sources).toEqual([
      { id: 'pricing.plan-growth', title: 'Plans and pricing: Growth plan', path: '/pricing' },
    ]);
    expect(reply.offerHuman).toBe(false);

    const [first, second] = await fake.requests();
    expect(first!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first!.body.model).toBe('gpt-4o-mini');
    expect(first!.body.messages[0]!.content).toContain('[pricing.plan-growth] Plans and pricing: Growth plan');
    expect(first!.body.tools!.map((tool) => tool.function.name)).toEqual([
      'search_help',
      'get_my_support_requests',
      'get_my_subscription',
      'get_my_recent_transactions',
    ]);
    // The fake called search_help; the answer came after the tool result.
    expect(second!.body.messages.at(-1)).toEqual(expect.objectContaining({ role: 'tool' }));
  });

  it("reads the user's own support requests through its tool, and nobody else's", async () => {
    const owner = userOf();
    const other = userOf();
    const session = sessionId();
    const escalated = await send('escalate', owner, {
      sessionId: session,
      message: 'This looks like a scam on my account',
      sentiment: { score: -0.7, label: 'negative', confidence: 0.85, escalationRequired: true, reason: 'model' },
      userContext: { recentMessages: [], sessionDuration: 1000 },
    });
    expect(escalated.status).toBe(201);
    const { supportConversationId } = escalated.body as { supportConversationId: string };

    const mine = await ask(owner, session, 'What is the status of my support requests?');
    expect(mine.message).toContain(supportConversationId);
    expect(mine.sources).toEqual([{ id: 'support-history', title: 'Your support requests', path: '/contact' }]);
    const theirs = await ask(other, sessionId(), 'What is the status of my support requests?');
    expect(theirs.message).not.toContain(supportConversationId);
    expect(theirs.message).toContain('no support requests');
  });

  it('says it does not know and offers a person when the model finds no answer', async () => {
    expect(await ask(userOf(), sessionId(), 'What is the capital of France?')).toEqual(
      expect.objectContaining({ message: notKnownReply, sources: [], offerHuman: true }),
    );
  });

  it('rates sentiment by structured output; urgent keywords still escalate', async () => {
    const furious = await send('sentiment', userOf(), { message: 'I am furious about this', sessionId: sessionId() });
    expect(furious.body).toEqual({
      score: -0.7,
      label: 'negative',
      confidence: 0.85,
      escalationRequired: false,
      reason: 'fake model: furious',
      priority: 'low',
    });
    const [request] = await fake.requests();
    expect(request!.body.response_format).toEqual(
      expect.objectContaining({
        type: 'json_schema',
        json_schema: expect.objectContaining({ name: 'sentiment_result' }),
      }),
    );
    const fraud = await send('sentiment', userOf(), { message: 'There is fraud on my card', sessionId: sessionId() });
    expect(fraud.body).toEqual(expect.objectContaining({ escalationRequired: true, priority: 'urgent' }));
  });

  it('answers with the built-in engines when the provider is down', async () => {
    await fake.outage(true);
    try {
      const reply = await ask(userOf(), sessionId(), 'How much does the Growth plan cost?');
      expect(reply.message).toContain(`$${growth.monthlyPrice} per month`);
      expect(reply.message).toContain('Source: Plans and pricing: Growth plan');
      const sentiment = await send('sentiment', userOf(), { message: 'Thank you!', sessionId: sessionId() });
      expect(sentiment.body).toEqual(expect.objectContaining({ label: 'positive', score: 0.6, confidence: 0.8 }));
    } finally {
      await fake.outage(false);
    }
  });
});
