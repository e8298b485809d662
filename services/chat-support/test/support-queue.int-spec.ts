import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import {
  Queue as QueueName,
  type MailJob,
  type ChatHistoryResponse,
  type SupportConversationResponse,
  type SupportQueueItem,
  type SupportQueueResponse,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Queue } from 'bullmq';
import { accessCookie, query, rawRequest, uniqueEmail, startApp, waitFor } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { businessDueAt } from '../src/sla/business-hours.util';

// Issue 16: the support team's queue against the real Postgres, Redis and Kafka. A user escalates
// a chat; an agent (role support) finds it in the queue, claims, replies, resolves; the user reads
// the reply in the chat's history, and writing again reopens the conversation.
delete process.env.OPENAI_API_KEY;
process.env.CHAT_RATE_LIMIT_PER_MINUTE = '1000';
const SLA_MINUTES = 90;
process.env.SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES = String(SLA_MINUTES);
const SUPPORT_EMAIL = 'support-desk@example.test';
process.env.SUPPORT_EMAIL = SUPPORT_EMAIL;

const personOf = (role: string): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail(`support-${role}`),
  emailVerified: true,
  role,
});
const sessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;

describe('chat-support: the support queue', () => {
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(() => app?.close());

  const call = async <T = unknown>(method: string, path: string, who?: AuthUser, body?: unknown) => {
    const response = await rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(who ? { cookie: accessCookie(who) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return response as { status: number; body: T };
  };
  const escalate = async (
    user: AuthUser,
    session: string,
    message: string,
  ): Promise<{ supportConversationId: string; priority: string }> => {
    await call('POST', '/api/chat/initialize', user, { sessionId: session, platform: 'web' });
    const said = await call('POST', '/api/chat/message', user, { message, sessionId: session });
    expect(said.status).toBe(200);
    const escalated = await call<{ supportConversationId: string; priority: string }>(
      'POST',
      '/api/chat/escalate',
      user,
      {
        sessionId: session,
        message,
        sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
        userContext: {
          recentMessages: [{ id: 1, type: 'user', content: message, sentiment: 'negative', priority: 'urgent' }],
          sessionDuration: 65_000,
        },
      },
    );
    expect(escalated.status).toBe(201);
    return escalated.body;
  };
  const pendingQueue = async (agent: AuthUser) => {
    const queue = await call<SupportQueueResponse>('GET', '/api/support/queue?status=pending&limit=200', agent);
    expect(queue.status).toBe(200);
    return queue.body.items;
  };

  it('puts an escalated chat ahead of older low-priority tickets; claim, reply, resolve, reopen', async () => {
    const agent = personOf('support');
    const otherAgent = personOf('support');
    const user = personOf('user');
    const session = sessionId();

    // A contact-form ticket first: older, but low priority.
    const contact = await call<{ ticketId: string }>('POST', '/api/contact', undefined, {
      name: 'Queue Test',
      email: uniqueEmail('queue-ticket'),
      subject: 'A question about invoices',
      category: 'other',
      message: 'Where can I download my invoices from last year?',
    });
    expect(contact.status).toBe(201);
    const escalated = await escalate(user, session, 'Someone made a fraud payment from my account, urgent!');
    expect(escalated.priority).toBe('urgent');

    // The queue: urgent first, then the longest waiting; the chat is ahead of the ticket.
    const items = await pendingQueue(agent);
    const at = items.findIndex((item) => item.id === escalated.supportConversationId);
    const ticketAt = items.findIndex((item) => item.id === contact.body.ticketId);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(ticketAt).toBeGreaterThan(at);
    const chat = items[at];
    expect(chat).toEqual<SupportQueueItem>({
      kind: 'chat',
      id: escalated.supportConversationId,
      status: 'pending',
      priority: 'urgent',
      summary: 'Someone made a fraud payment from my account, urgent!',
      from: user.id,
      assignedTo: null,
      createdAt: expect.any(String),
      waitingMs: expect.any(Number),
      firstResponseDueAt: expect.any(String),
      firstResponseAt: null,
      breached: false,
    });
    expect(items[ticketAt]).toMatchObject({ kind: 'ticket', status: 'pending', priority: 'low' });
    // Everything ahead of it is urgent and has waited at least as long.
    for (const ahead of items.slice(0, at)) {
      expect(ahead.priority).toBe('urgent');
      expect(Date.parse(ahead.createdAt)).toBeLessThanOrEqual(Date.parse(chat.createdAt));
    }

    // The conversation with the user context stored at escalation.
    const opened = await call<SupportConversationResponse>(
      'GET',
      `/api/support/conversations/${escalated.supportConversationId}`,
      agent,
    );
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      userId: user.id,
      sessionId: session,
      status: 'pending',
      userContext: { sessionDuration: 65_000, recentMessages: [expect.objectContaining({ type: 'user' })] },
    });
    expect(opened.body.messages.map((message) => message.type)).toEqual(['user', 'bot']);

    // Replying before claiming is refused; claiming makes it open and the agent's.
    const early = await call('POST', `/api/support/conversations/${escalated.supportConversationId}/reply`, agent, {
      message: 'Hi',
    });
    expect(early.status).toBe(409);
    const claimed = await call<SupportConversationResponse>(
      'POST',
      `/api/support/conversations/${escalated.supportConversationId}/claim`,
      agent,
    );
    expect([claimed.status, claimed.body.status, claimed.body.assignedTo]).toEqual([200, 'open', agent.id]);
    // Claiming again is harmless; another agent's claim is 409 and changes nothing.
    expect(
      (await call('POST', `/api/support/conversations/${escalated.supportConversationId}/claim`, agent)).status,
    ).toBe(200);
    const stolen = await call<{ error: string; message: string }>(
      'POST',
      `/api/support/conversations/${escalated.supportConversationId}/claim`,
      otherAgent,
    );
    expect([stolen.status, stolen.body]).toEqual([
      409,
      { error: 'CONFLICT', message: 'This conversation is already claimed by another agent.' },
    ]);
    expect(
      (
        await call('POST', `/api/support/conversations/${escalated.supportConversationId}/reply`, otherAgent, {
          message: 'Me too',
        })
      ).status,
    ).toBe(409);
    expect((await pendingQueue(agent)).some((item) => item.id === escalated.supportConversationId)).toBe(false);

    // The reply lands in the user's chat; the user reads it in the history.
    const reply = 'I have frozen the payment. We will call you within the hour.';
    const replied = await call<SupportConversationResponse>(
      'POST',
      `/api/support/conversations/${escalated.supportConversationId}/reply`,
      agent,
      { message: `  ${reply}  ` },
    );
    expect(replied.status).toBe(200);
    // The queue shows the first reply (the SLA met).
    const answered = (await call<SupportQueueResponse>('GET', '/api/support/queue?status=open&limit=200', agent)).body
      .items;
    expect(answered.find((item) => item.id === escalated.supportConversationId)?.firstResponseAt).toBe(
      replied.body.firstResponseAt,
    );
    expect(replied.body.firstResponseAt).toEqual(expect.any(String));
    const history = await call<ChatHistoryResponse>('GET', `/api/chat/history?sessionId=${session}`, user);
    expect(history.status).toBe(200);
    expect(history.body.supportStatus).toBe('open');
    expect(history.body.messages.map(({ type, content }) => ({ type, content })).at(-1)).toEqual({
      type: 'agent',
      content: reply,
    });
    // Another user cannot read it.
    expect((await call('GET', `/api/chat/history?sessionId=${session}`, personOf('user'))).status).toBe(404);

    // Resolve (the claimer only), then the user writes again: reopened, still the agent's.
    expect(
      (await call('POST', `/api/support/conversations/${escalated.supportConversationId}/resolve`, otherAgent)).status,
    ).toBe(409);
    const resolved = await call<SupportConversationResponse>(
      'POST',
      `/api/support/conversations/${escalated.supportConversationId}/resolve`,
      agent,
    );
    expect([resolved.status, resolved.body.status]).toEqual([200, 'resolved']);
    expect(
      (
        await call('POST', `/api/support/conversations/${escalated.supportConversationId}/reply`, agent, {
          message: 'Anything else?',
        })
      ).status,
    ).toBe(409);
    const resolvedRows = await query<{ status: string; resolved_at: Date | null; first_response_at: Date | null }>(
      'SELECT status, resolved_at, first_response_at FROM chat_support.support_conversations WHERE id = $1',
      [escalated.supportConversationId],
    );
    expect(resolvedRows).toEqual([
      { status: 'resolved', resolved_at: expect.any(Date), first_response_at: expect.any(Date) },
    ]);

    expect(
      (await call('POST', '/api/chat/message', user, { message: 'It happened again just now', sessionId: session }))
        .status,
    ).toBe(200);
    const reopened = await call<SupportConversationResponse>(
      'GET',
      `/api/support/conversations/${escalated.supportConversationId}`,
      agent,
    );
    expect([reopened.body.status, reopened.body.assignedTo, reopened.body.resolvedAt]).toEqual([
      'open',
      agent.id,
      null,
    ]);
    expect(reopened.body.messages.map((message) => message.type).slice(-3)).toEqual(['agent', 'user', 'bot']);
  });

  it('works contact-form tickets through the same states', async () => {
    const agent = personOf('support');
    const contact = await call<{ ticketId: string }>('POST', '/api/contact', undefined, {
      name: 'Ticket Test',
      email: uniqueEmail('queue-ticket'),
      subject: 'Ticket states',
      category: 'other',
      message: 'Please tell me how the support queue works.',
    });
    const path = `/api/support/tickets/${contact.body.ticketId}`;
    expect((await call('POST', `${path}/resolve`, agent)).status).toBe(409);
    expect(await call('POST', `${path}/claim`, agent)).toMatchObject({ status: 200, body: { status: 'open' } });
    expect((await call('POST', `${path}/claim`, personOf('support'))).status).toBe(409);
    expect(await call('POST', `${path}/resolve`, agent)).toMatchObject({ status: 200, body: { status: 'resolved' } });
    const resolved = await call<SupportQueueResponse>('GET', '/api/support/queue?status=resolved&limit=200', agent);
    expect(resolved.body.items.every((item) => item.status === 'resolved')).toBe(true);
  });

  it('answers 403 to a user without the support role, 401 signed out, and admits admins', async () => {
    const user = personOf('user');
    const id = randomUUID();
    const calls: [string, string][] = [
      ['GET', '/api/support/queue'],
      ['GET', `/api/support/conversations/${id}`],
      ['POST', `/api/support/conversations/${id}/claim`],
      ['POST', `/api/support/conversations/${id}/resolve`],
      ['POST', `/api/support/tickets/${id}/claim`],
    ];
    for (const [method, path] of calls) {
      expect([path, (await call(method, path, user)).status]).toEqual([path, 403]);
      expect([path, (await call(method, path)).status]).toEqual([path, 401]);
    }
    const reply = await call('POST', `/api/support/conversations/${id}/reply`, user, { message: 'Hello' });
    expect([reply.status, reply.body]).toEqual([
      403,
      { error: 'FORBIDDEN', message: 'This action needs the support role.' },
    ]);
    expect((await call('GET', '/api/support/queue', personOf('admin'))).status).toBe(200);
  });

  it('refuses bad input with 4xx, never a 500', async () => {
    const agent = personOf('support');
    expect((await call('GET', '/api/support/queue?status=closed', agent)).status).toBe(400);
    expect((await call('GET', '/api/support/queue?limit=0', agent)).status).toBe(400);
    expect((await call('GET', '/api/support/queue?surprise=1', agent)).status).toBe(400);
    expect((await call('GET', '/api/support/conversations/not-a-uuid', agent)).status).toBe(404);
    expect((await call('POST', `/api/support/conversations/${randomUUID()}/claim`, agent)).status).toBe(404);
    expect(
      (await call('POST', `/api/support/conversations/${randomUUID()}/reply`, agent, { message: '   ' })).status,
    ).toBe(400);
    expect((await call('POST', `/api/support/tickets/nope/claim`, agent)).status).toBe(404);
    expect((await call('GET', '/api/chat/history?sessionId=x', personOf('user'))).status).toBe(400);
    expect((await call('GET', '/api/chat/history', personOf('user'))).status).toBe(400);
  });

  describe('the first-response SLA', () => {
    const queueOf = (name: string) => app.get<Queue>(getQueueToken(name));
    const slaJobOf = (id: string) => queueOf(QueueName.SupportSla).getJob(`sla-${id}`);
    const overdue = (id: string) =>
      query(
        `UPDATE chat_support.support_conversations SET first_response_due_at = now() - interval '1 minute' WHERE id = $1`,
        [id],
      );
    const rowOf = async (id: string) =>
      (
        await query<{ priority: string; sla_breached_at: Date | null; first_response_due_at: Date }>(
          'SELECT priority, sla_breached_at, first_response_due_at, created_at FROM chat_support.support_conversations WHERE id = $1',
          [id],
        )
      )[0];

    it('is due after the configured business minutes, with a delayed job queued for that time', async () => {
      const user = personOf('user');
      const { supportConversationId: id } = await escalate(user, sessionId(), 'Can I talk to a person please?');
      const row = (
        await query<{ created_at: Date; first_response_due_at: Date }>(
          'SELECT created_at, first_response_due_at FROM chat_support.support_conversations WHERE id = $1',
          [id],
        )
      )[0];
      // Computed from the request's time, within the second the row was written.
      expect(
        Math.abs(row.first_response_due_at.getTime() - businessDueAt(row.created_at, SLA_MINUTES).getTime()),
      ).toBeLessThan(1000);
      const job = await slaJobOf(id);
      expect(job?.data).toEqual({ supportConversationId: id });
      expect(await job?.getState()).toBe('delayed');
      expect(Math.abs(job!.timestamp + (job!.opts.delay ?? 0) - row.first_response_due_at.getTime())).toBeLessThan(
        5000,
      );
      const item = (await pendingQueue(personOf('support'))).find((entry) => entry.id === id);
      expect(item).toMatchObject({ firstResponseDueAt: row.first_response_due_at.toISOString(), breached: false });
    });

    it('when the job fires without an agent reply: priority up a step, support mailed, breached in the queue', async () => {
      const agent = personOf('support');
      const user = personOf('user');
      const { supportConversationId: id, priority } = await escalate(user, sessionId(), 'I want to speak to a human');
      expect(priority).toBe('low');
      await overdue(id);
      // The real job, run now by the service's worker instead of at the due time.
      await (await slaJobOf(id))!.promote();
      const breached = await waitFor(
        async () => {
          const row = await rowOf(id);
          return row.sla_breached_at ? row : undefined;
        },
        15_000,
        'the SLA job to stamp the breach',
      );
      expect(breached.priority).toBe('medium');
      const mail = await queueOf(QueueName.Mail).getJob(`support-sla-${id}`);
      expect(mail?.data).toEqual<MailJob>({
        to: SUPPORT_EMAIL,
        subject: `Support SLA breached [${id}]`,
        text: expect.stringContaining('Priority raised to medium'),
        html: expect.stringContaining('I want to speak to a human'),
      });
      const item = (await pendingQueue(agent)).find((entry) => entry.id === id);
      expect(item).toMatchObject({ priority: 'medium', breached: true });
      const view = await call<SupportConversationResponse>('GET', `/api/support/conversations/${id}`, agent);
      expect(view.body).toMatchObject({ breached: true, priority: 'medium', firstResponseAt: null });
    });

    it('changes nothing when an agent replied in time', async () => {
      const agent = personOf('support');
      const { supportConversationId: id } = await escalate(personOf('user'), sessionId(), 'Please get me a person');
      expect((await call('POST', `/api/support/conversations/${id}/claim`, agent)).status).toBe(200);
      expect(
        (await call('POST', `/api/support/conversations/${id}/reply`, agent, { message: 'Hello, I am here.' })).status,
      ).toBe(200);
      await overdue(id);
      const job = (await slaJobOf(id))!;
      await job.promote();
      await waitFor(async () => (await job.getState()) === 'completed', 15_000, 'the SLA job to complete');
      expect((await rowOf(id)).sla_breached_at).toBeNull();
      expect((await rowOf(id)).priority).toBe('low');
      expect(await queueOf(QueueName.Mail).getJob(`support-sla-${id}`)).toBeUndefined();
    });
  });
});
