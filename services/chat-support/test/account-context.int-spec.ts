import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type {
  ChatMessageResponse,
  EventType,
  SupportAccountContext,
  SupportConversationResponse,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  largestEvent,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  waitFor,
  transactionRecordedFields,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { FakeOpenAiProcess } from './fake-openai';

// Issues 16 and 18: the account context, chat-support's read model of identity's, billing's,
// integrations' and crypto-escrow's events. Events go in through the real Kafka as their
// producers' outboxes publish them; the support console's conversation view and the OpenAI
// assistant's tools (the fake server, tools/fake-openai) read it back, each for its own user only.
const API_KEY = 'sk-test-account-context';
process.env.CHAT_RATE_LIMIT_PER_MINUTE = '1000';

const personOf = (role: string): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail(`account-${role}`),
  emailVerified: true,
  role,
});
const sessionId = () => `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
const consumed: EventType[] = [
  'UserRegistered',
  'SubscriptionActivated',
  'TransactionRecorded',
  'ChargeCompleted',
  'ChargeFailed',
  'KycStatusChanged',
];

describe('chat-support: the account context read model', () => {
  let fake: FakeOpenAiProcess;
  let app: INestApplication;
  let api: string;
  let producer: Producer;

  const owner = personOf('user');
  const other = personOf('user');
  const agent = personOf('support');
  const now = Date.now();
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);
  const ids = {
    oldest: randomUUID(),
    sale: randomUUID(),
    refunded: randomUUID(),
    paidCharge: randomUUID(),
    failedSale: randomUUID(),
    expiredCharge: randomUUID(),
    othersSale: randomUUID(),
    othersCharge: randomUUID(),
  };

  beforeAll(async () => {
    fake = await FakeOpenAiProcess.start(API_KEY);
    process.env.OPENAI_API_KEY = API_KEY;
    process.env.OPENAI_BASE_URL = fake.baseUrl;
    process.env.OPENAI_TIMEOUT_MS = '5000';
    producer = await connectEventProducer('chat-support-account-test', consumed);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await producer?.disconnect();
    await app?.close();
    await fake?.stop();
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });

  /** Publishes an event as its producer's outbox would; `at` is its occurred-at header. */
  const publish = async (
    type: EventType,
    key: string,
    init: Record<string, unknown>,
    at = new Date(),
    eventId = randomUUID(),
  ) => {
    await producer.send({
      topic: eventTopic(type),
      messages: [eventMessage(type, key, init, { id: eventId, occurredAt: at })],
    });
    return eventId;
  };
  /** Publishes the event and waits until chat-support's consumer applied it (its inbox row). */
  const deliver = async (type: EventType, key: string, init: Record<string, unknown>, at?: Date) => {
    const eventId = await publish(type, key, init, at);
    await waitFor(
      async () => (await query('SELECT 1 FROM chat_support.inbox WHERE event_id = $1', [eventId])).length > 0,
      30_000,
      `${type} ${eventId} consumed`,
    );
  };
  const transactionRecorded = (
    user: AuthUser,
    transactionId: string,
    status: string,
    minutes: number,
    amount: string,
  ) =>
    transactionRecordedFields({
      userId: user.id,
      transactionId,
      amount,
      status,
      occurredAt: timestampFromDate(minutesAgo(minutes)),
    });
  const recorded = (user: AuthUser, transactionId: string, status: string, minutes: number, amount = '129.90') =>
    deliver('TransactionRecorded', user.id, transactionRecorded(user, transactionId, status, minutes, amount));
  const charge = (type: 'ChargeCompleted' | 'ChargeFailed', user: AuthUser, chargeId: string, minutes: number) =>
    deliver(type, chargeId, {
      userId: user.id,
      chargeId,
      providerChargeId: `cb_${chargeId.slice(0, 8)}`,
      code: chargeId.slice(0, 8).toUpperCase(),
      provider: 'coinbase',
      amount: '500.00',
      currency: 'USD',
      ...(type === 'ChargeCompleted' ? { cryptoCurrency: 'ETH', description: 'Quick payment' } : { status: 'EXPIRED' }),
      occurredAt: timestampFromDate(minutesAgo(minutes)),
    });
  const activated = (user: AuthUser, planId: string, billingCycle: string, periodEnd: Date, at: Date) =>
    deliver(
      'SubscriptionActivated',
      user.id,
      {
        userId: user.id,
        subscriptionId: `sub_${randomUUID().slice(0, 12)}`,
        planId,
        billingCycle,
        currentPeriodEnd: timestampFromDate(periodEnd),
      },
      at,
    );

  const call = async <T = unknown>(method: string, path: string, who: AuthUser, body?: unknown) =>
    (await rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(who) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })) as { status: number; body: T };
  const ask = async (user: AuthUser, message: string) => {
    const reply = await call<ChatMessageResponse>('POST', '/api/chat/message', user, {
      message,
      sessionId: sessionId(),
    });
    expect(reply.status).toBe(200);
    return reply.body;
  };

  const kycChanged = (user: AuthUser, status: string, changedAt: Date) =>
    deliver('KycStatusChanged', user.id, {
      userId: user.id,
      status,
      previousStatus: 'processing',
      verificationSessionId: `vs_${user.id.replaceAll('-', '').slice(0, 24)}`,
      reason: status === 'requires_input' ? 'The document was too blurry to read.' : '',
      changedAt: timestampFromDate(changedAt),
    });
  /** Escalates a chat of the user; the support conversation the agent opens. */
  const escalate = async (user: AuthUser) => {
    const escalated = await call<{ supportConversationId: string }>('POST', '/api/chat/escalate', user, {
      sessionId: sessionId(),
      message: 'A payment on my account looks wrong, urgent!',
      sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
      userContext: { recentMessages: [], sessionDuration: 1000 },
    });
    expect(escalated.status).toBe(201);
    return escalated.body.supportConversationId;
  };
  /** The account context the support console shows with the conversation. */
  const accountIn = async (conversationId: string) => {
    const opened = await call<SupportConversationResponse>(
      'GET',
      `/api/support/conversations/${conversationId}`,
      agent,
    );
    expect(opened.status).toBe(200);
    return opened.body.account;
  };

  const periodEnd = new Date('2026-02-14T00:00:00.000Z');
  let supportConversationId: string;

  it("shows the support team the user's plan, KYC status and newest 5 transactions, read when viewed", async () => {
    await deliver('UserRegistered', owner.id, {
      userId: owner.id,
      email: owner.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      registeredAt: timestampFromDate(minutesAgo(300)),
    });
    supportConversationId = await escalate(owner);
    const view = () => accountIn(supportConversationId);
    // Registered only: no plan, identity's starting KYC status, nothing paid.
    expect(await view()).toEqual<SupportAccountContext>({ plan: null, kycStatus: 'pending', recentTransactions: [] });

    // Two activations in order, then an older one delivered late (a replayed dead letter): the newest stays.
    await activated(owner, 'starter', 'monthly', new Date('2026-01-14T00:00:00.000Z'), minutesAgo(200));
    await activated(owner, 'growth', 'annual', periodEnd, minutesAgo(100));
    await activated(owner, 'pro', 'monthly', new Date('2026-03-14T00:00:00.000Z'), minutesAgo(150));

    // Six transactions of the owner; one refunded after it completed, then a stale pending for it.
    await recorded(owner, ids.oldest, 'completed', 60);
    await recorded(owner, ids.sale, 'completed', 50, '49.00');
    await recorded(owner, ids.refunded, 'pending', 40, '200.00');
    await recorded(owner, ids.refunded, 'completed', 40, '200.00');
    await recorded(owner, ids.refunded, 'refunded', 40, '200.00');
    await recorded(owner, ids.refunded, 'pending', 40, '200.00');
    await charge('ChargeCompleted', owner, ids.paidCharge, 30);
    await recorded(owner, ids.failedSale, 'failed', 20, '15.50');
    await charge('ChargeFailed', owner, ids.expiredCharge, 10);
    // Another user's, newer than all of them.
    await recorded(other, ids.othersSale, 'completed', 5, '999.99');
    await charge('ChargeCompleted', other, ids.othersCharge, 1);

    const account = await view();
    expect(account.plan).toEqual({
      planId: 'growth',
      billingCycle: 'annual',
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect(account.kycStatus).toBe('pending');
    const at = (minutes: number) => minutesAgo(minutes).toISOString();
    expect(account.recentTransactions).toEqual([
      {
        id: ids.expiredCharge,
        amount: '500.00',
        currency: 'USD',
        status: 'failed',
        paymentMethod: 'crypto',
        processor: 'coinbase',
        occurredAt: at(10),
      },
      {
        id: ids.failedSale,
        amount: '15.50',
        currency: 'USD',
        status: 'failed',
        paymentMethod: 'card',
        processor: 'stripe',
        occurredAt: at(20),
      },
      {
        id: ids.paidCharge,
        amount: '500.00',
        currency: 'USD',
        status: 'completed',
        paymentMethod: 'crypto',
        processor: 'coinbase',
        occurredAt: at(30),
      },
      {
        id: ids.refunded,
        amount: '200.00',
        currency: 'USD',
        status: 'refunded',
        paymentMethod: 'card',
        processor: 'stripe',
        occurredAt: at(40),
      },
      {
        id: ids.sale,
        amount: '49.00',
        currency: 'USD',
        status: 'completed',
        paymentMethod: 'card',
        processor: 'stripe',
        occurredAt: at(50),
      },
    ]);
    // One row per transaction, and no more rows than the view shows.
    const rows = await query<{ source_id: string }>(
      'SELECT source_id FROM chat_support.account_transactions WHERE user_id = $1',
      [owner.id],
    );
    expect(rows.map((row) => row.source_id).sort()).toEqual(
      [ids.expiredCharge, ids.failedSale, ids.paidCharge, ids.refunded, ids.sale].sort(),
    );
  });

  it("shows identity's KYC status from KycStatusChanged: the newest change, an older one delivered late ignored", async () => {
    await kycChanged(owner, 'processing', minutesAgo(3));
    expect((await accountIn(supportConversationId)).kycStatus).toBe('processing');
    await kycChanged(owner, 'verified', minutesAgo(2));
    // A replayed dead letter of an earlier attempt: older than the verification, so nothing changes.
    await kycChanged(owner, 'requires_input', minutesAgo(4));
    const account = await accountIn(supportConversationId);
    expect(account.kycStatus).toBe('verified');
    expect(account.plan).toMatchObject({ planId: 'growth' });
    expect(account.recentTransactions).toHaveLength(5);

    // A user whose KYC change is the first event heard of them: the account is created with it.
    const newcomer = personOf('user');
    await kycChanged(newcomer, 'requires_input', minutesAgo(1));
    expect(await accountIn(await escalate(newcomer))).toEqual<SupportAccountContext>({
      plan: null,
      kycStatus: 'requires_input',
      recentTransactions: [],
    });
  });

  it('ignores an event without a valid user id and goes on with the next', async () => {
    const poison = await publish('TransactionRecorded', 'nobody', {
      userId: 'not-a-user-id',
      transactionId: randomUUID(),
      type: 'fiat',
      amount: '1.00',
      currency: 'USD',
      status: 'completed',
      processor: 'stripe',
      sourceKind: 'processor',
      integrationId: randomUUID(),
    });
    // The consumer set it aside (a dead letter for ops) and applied the event behind it.
    await recorded(other, randomUUID(), 'completed', 2);
    await waitFor(
      async () => (await query('SELECT 1 FROM chat_support.dead_letters WHERE event_id = $1', [poison])).length > 0,
      10_000,
      'the malformed event set aside',
    );
  });

  it("applies a user's transactions once each: redeliveries and older statuses change nothing, the newest 5 kept, another user's report of one ignored", async () => {
    const payer = personOf('user');
    const stored = async () =>
      query<{ source_id: string; status: string; amount: string; updated_at: Date }>(
        `SELECT source_id, status, amount::text, updated_at FROM chat_support.account_transactions
          WHERE user_id = $1 ORDER BY occurred_at DESC, source_id DESC`,
        [payer.id],
      );
    const tx = Array.from({ length: 7 }, () => randomUUID());
    // Five sales, 50 to 10 minutes ago; the one of 30 minutes ago pending at first.
    for (const [index, minutes] of [50, 40, 30, 20, 10].entries()) {
      await recorded(payer, tx[index]!, index === 2 ? 'pending' : 'completed', minutes);
    }
    const five = await stored();
    expect(five.map((row) => row.source_id)).toEqual([tx[4], tx[3], tx[2], tx[1], tx[0]]);

    // The same event delivered again (a redelivery after a rebalance): its inbox row stops it; then
    // the same report under a new event id (a republished outbox row): nothing changes either.
    const again = transactionRecorded(payer, tx[1]!, 'completed', 40, '129.90');
    const eventId = await publish('TransactionRecorded', payer.id, again);
    await waitFor(
      async () => (await query('SELECT 1 FROM chat_support.inbox WHERE event_id = $1', [eventId])).length > 0,
      30_000,
      'the first delivery consumed',
    );
    await publish('TransactionRecorded', payer.id, again, new Date(), eventId);
    await deliver('TransactionRecorded', payer.id, again);
    // A status the transaction has left behind, and one it may not move to: ignored.
    await recorded(payer, tx[1]!, 'pending', 40);
    await recorded(payer, tx[3]!, 'failed', 20);
    expect(await stored()).toEqual(five);

    // A later status the transition table allows: only that row changes.
    await recorded(payer, tx[2]!, 'completed', 30);
    await recorded(payer, tx[1]!, 'refunded', 40);
    const moved = await stored();
    expect(moved.map((row) => [row.source_id, row.status])).toEqual([
      [tx[4], 'completed'],
      [tx[3], 'completed'],
      [tx[2], 'completed'],
      [tx[1], 'refunded'],
      [tx[0], 'completed'],
    ]);
    expect(moved.filter((_, index) => index !== 2 && index !== 3)).toEqual(
      five.filter((_, index) => index !== 2 && index !== 3),
    );

    // Another user reporting one of the payer's transactions: the payer's row stays, no row of theirs.
    await recorded(other, tx[0]!, 'refunded', 50, '1.00');
    expect(await stored()).toEqual(moved);
    expect(
      await query('SELECT 1 FROM chat_support.account_transactions WHERE user_id = $1 AND source_id = $2', [
        other.id,
        tx[0],
      ]),
    ).toEqual([]);

    // A sixth, newer one: the oldest goes. One older than all five kept: never kept.
    await recorded(payer, tx[5]!, 'completed', 5, '7.00');
    await recorded(payer, tx[6]!, 'completed', 60, '8.00');
    const newest = await stored();
    expect(newest.map((row) => row.source_id)).toEqual([tx[5], tx[4], tx[3], tx[2], tx[1]]);
    expect(newest.slice(1)).toEqual(moved.slice(0, 4));
    const view = await accountIn(await escalate(payer));
    expect(view.recentTransactions.map((transaction) => [transaction.id, transaction.status])).toEqual(
      newest.map((row) => [row.source_id, row.status]),
    );
  });

  it('stores every event it consumes at the largest values their bounds allow', async () => {
    for (const type of consumed) {
      const event = largestEvent(type);
      await deliver(type, String(event.userId), event);
      if (type === 'KycStatusChanged') {
        const [row] = await query<{ kyc_status: string }>(
          'SELECT kyc_status FROM chat_support.account_contexts WHERE user_id = $1',
          [event.userId],
        );
        expect(row).toEqual({ kyc_status: event.status });
      }
      if (type === 'TransactionRecorded') {
        const [row] = await query<{ amount: string; processor: string }>(
          'SELECT amount::text, processor FROM chat_support.account_transactions WHERE source_id = $1',
          [event.transactionId],
        );
        expect(row).toEqual({ amount: event.amount, processor: event.processor });
      }
    }
  });

  it("gives the OpenAI assistant the user's own subscription and transactions, and nobody else's", async () => {
    await fake.reset();
    const plan = await ask(owner, 'What is my subscription?');
    expect(plan.message).toBe('Your subscription: Growth plan, annual billing, current period ends 2026-02-14');
    expect(plan.sources).toEqual([{ id: 'my-subscription', title: 'Your subscription', path: '/settings' }]);

    const mine = await ask(owner, 'Show me my recent transactions');
    expect(mine.sources).toEqual([{ id: 'my-transactions', title: 'Your recent transactions', path: '/transactions' }]);
    expect(mine.message).toContain(`500.00 USD, failed, crypto via coinbase (transaction ${ids.expiredCharge})`);
    expect(mine.message).toContain(`200.00 USD, refunded, card via stripe (transaction ${ids.refunded})`);
    expect(mine.message.indexOf(ids.expiredCharge)).toBeLessThan(mine.message.indexOf(ids.sale));
    expect(mine.message).not.toContain(ids.oldest);
    for (const id of [ids.othersSale, ids.othersCharge]) expect(mine.message).not.toContain(id);

    // The tool results the model saw held the owner's data only.
    const toolResults = (await fake.requests()).flatMap((request) =>
      request.body.messages.filter((message) => message.role === 'tool').map((message) => message.content ?? ''),
    );
    expect(toolResults.join('\n')).toContain(ids.refunded);
    for (const id of [ids.othersSale, ids.othersCharge]) expect(toolResults.join('\n')).not.toContain(id);

    const theirs = await ask(other, 'What is my subscription?');
    expect(theirs.message).toBe('Your subscription: The user has no subscription on record.');
    const newcomer = await ask(personOf('user'), 'List my payments please');
    expect(newcomer.message).toBe('Your recent transactions: The user has no transactions on record.');
  });
});
