import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { chatLiveEventTypes, type EventType } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  expectNoMail,
  mailsTo,
  openEventStream,
  query,
  rawRequest,
  startApp,
  startMailWorker,
  theOnlyMail,
  uniqueEmail,
  waitFor,
  type EventStream,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { WidgetPresence } from '../src/live/widget-presence';
import { SUPPORT_REPLY_MAIL_WINDOW_MS } from '../src/mail/support-reply-mail';

// Issue 39: an agent's reply reaches a member whose chat widget is closed by mail, once per
// reply at most (replies within a few minutes share one mail); nothing while the widget's live
// stream is connected, nothing when the member turned support-reply mail off in Settings.
delete process.env.OPENAI_API_KEY;
process.env.CHAT_RATE_LIMIT_PER_MINUTE = '1000';

const SUBJECT = 'Our support team replied to your chat';
const personOf = (role: string): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail(`reply-mail-${role}`),
  emailVerified: true,
  role,
});
const newSessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;

describe('chat-support: the support-reply mail', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let producer: Producer;
  const streams: EventStream[] = [];
  const agent = personOf('support');

  beforeAll(async () => {
    producer = await connectEventProducer('chat-support-reply-mail-int', ['UserRegistered', 'MailPreferencesChanged']);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
  });

  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));

  afterAll(async () => {
    await producer?.disconnect();
    await worker?.close();
    await app?.close();
  });

  const deliver = async (type: EventType, event: Record<string, unknown>, occurredAt = new Date()) => {
    const id = randomUUID();
    await producer.send({
      topic: eventTopic(type),
      messages: [eventMessage(type, String(event.userId), event, { id, occurredAt })],
    });
    await waitFor(
      async () => (await query('SELECT 1 FROM chat_support.inbox WHERE event_id = $1', [id])).length > 0 || undefined,
      30_000,
      `${type} ${id} consumed by chat-support`,
    );
  };
  /** A member identity registered (their address reaches chat-support on UserRegistered). */
  const member = async () => {
    const user = personOf('user');
    await deliver('UserRegistered', { userId: user.id, email: user.email, firstName: 'Aroha', lastName: 'Ngata' });
    return user;
  };
  const call = async <T = Record<string, unknown>>(method: string, path: string, who: AuthUser, body?: unknown) => {
    const response = await rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(who) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
    return response.body as T;
  };
  /** The member's chat escalated and claimed by the agent; its support conversation's id. */
  const claimedChat = async (user: AuthUser, sessionId: string) => {
    await call('POST', '/api/chat/initialize', user, { sessionId, platform: 'web' });
    const message = 'My payout is missing, please help';
    const { supportConversationId } = await call<{ supportConversationId: string }>(
      'POST',
      '/api/chat/escalate',
      user,
      {
        sessionId,
        message,
        sentiment: { score: -0.6, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'help' },
        userContext: { recentMessages: [{ type: 'user', content: message }], sessionDuration: 4000 },
      },
    );
    await call('POST', `/api/support/conversations/${supportConversationId}/claim`, agent);
    return supportConversationId;
  };
  const reply = (id: string, message: string) =>
    call('POST', `/api/support/conversations/${id}/reply`, agent, { message });
  /** Two replies meant for one window: not started in the last 20 s of one. */
  const awayFromWindowEnd = async () => {
    const left = SUPPORT_REPLY_MAIL_WINDOW_MS - (Date.now() % SUPPORT_REPLY_MAIL_WINDOW_MS);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  };

  it('mails a member whose widget is closed once for a burst of replies, quoting the first', async () => {
    const user = await member();
    const id = await claimedChat(user, newSessionId());
    await awayFromWindowEnd();
    await reply(id, 'We found your payout: it went out this morning.');
    await reply(id, 'It should reach your bank within two business days.');

    const mail = await theOnlyMail(user.email, SUBJECT);
    expect(mail.text).toContain('Hello Aroha,');
    expect(mail.text).toContain('We found your payout: it went out this morning.');
    expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard/);
    expect(mail.text).toContain('Settings');
    expect(mail.html).toContain('We found your payout');
  });

  it('sends nothing while the widget of that chat is open', async () => {
    const user = await member();
    const sessionId = newSessionId();
    const id = await claimedChat(user, sessionId);
    const stream = await openEventStream(`${api}/api/chat/stream?sessionId=${encodeURIComponent(sessionId)}`, {
      cookie: accessCookie(user),
    });
    streams.push(stream);
    await stream.next(chatLiveEventTypes.ready);
    await reply(id, 'Answered live: you are reading this in the widget.');
    await stream.next('message');
    await expectNoMail(user.email, SUBJECT);

    // Closed again: the next reply (a later window's too) is mailed.
    stream.close();
    const presence = app.get(WidgetPresence);
    await waitFor(async () => !(await presence.isOpen(user.id, sessionId)) || undefined, 10_000, 'the stream closed');
    await reply(id, 'One more thing after you closed the chat.');
    const mail = await theOnlyMail(user.email, SUBJECT);
    expect(mail.text).toContain('One more thing after you closed the chat.');
  });

  it('sends nothing to a member who turned support-reply mail off; an older choice arriving late changes nothing', async () => {
    const user = await member();
    const now = new Date();
    const choices = (supportReplies: boolean, at: Date) => ({
      userId: user.id,
      supportReplies,
      investmentUpdates: true,
      payoutNotices: true,
      updatedAt: timestampFromDate(at),
    });
    await deliver('MailPreferencesChanged', choices(false, now));
    await deliver('MailPreferencesChanged', choices(true, new Date(now.getTime() - 60_000)));

    const id = await claimedChat(user, newSessionId());
    await reply(id, 'A reply the member asked not to be mailed about.');
    await expectNoMail(user.email, SUBJECT);
    expect(await mailsTo(user.email, '')).toHaveLength(0);
  });
});
