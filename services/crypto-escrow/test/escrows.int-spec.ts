import { randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EscrowCancelledSchema, EscrowFinishedSchema, kycRequiredMessage, type KycStatus } from '@app/contracts';
import { type AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  largestEvent,
  query,
  rawRequest,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import { expectErrorReply } from '../../../test-support/error-reply';
import { CryptoServiceProcesses } from './crypto-service';
import { FakeRippledProcess } from './fake-rippled';
import { CryptoEvents } from './kafka-events';

// The crypto service (built, as the launcher runs it) against the real Postgres, Redis and Kafka
// and the fake rippled (tools/fake-rippled): xrpl.js signs, autofills and submits for real, the
// fake applies the transactions with the ledger's escrow rules. The monitor runs every 300 ms here.
// Identity's KycStatusChanged reaches the API on the real Kafka (the KYC gate over 1000 XRP).
const DAY = 86_400;
const RIPPLE_EPOCH = 946_684_800;
const userOf = (): AuthUser => ({ id: randomUUID(), email: uniqueEmail('escrow'), emailVerified: true, role: 'user' });
const cookieOf = (user: AuthUser) => accessCookie(user);

interface WalletBody {
  address: string;
  seed: string;
}
interface EscrowBody {
  id: string;
  account: string;
  destination: string;
  amount: string;
  sequence: number;
  finishAfter: number;
  cancelAfter: number;
  hash: string;
  status: string;
  condition: string | null;
  destinationTag: number | null;
}

/** The service's API and the fake ledger's controls, as a user and a test drive them. */
function escrowCalls(processes: () => { service: CryptoServiceProcesses; rippled: FakeRippledProcess }) {
  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${processes().service.url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const fundedWallet = async (user: AuthUser, xrp = 1000) => {
    const reply = await send('POST', '/api/crypto/xrp/wallet/generate', user);
    expect(reply.status).toBe(201);
    const wallet = reply.body as WalletBody;
    await processes().rippled.fund(wallet.address, xrp);
    return wallet;
  };
  const createEscrow = async (
    user: AuthUser,
    owner: WalletBody,
    destination: WalletBody,
    extra: Record<string, unknown> = {},
  ) => {
    const reply = await send('POST', '/api/crypto/xrp/escrow/create', user, {
      senderSeed: owner.seed,
      destinationAddress: destination.address,
      amount: '100',
      finishAfterSeconds: 7 * DAY,
      cancelAfterSeconds: 30 * DAY,
      ...extra,
    });
    expect({ status: reply.status, body: reply.body }).toMatchObject({ status: 201 });
    return reply.body as EscrowBody;
  };
  return { send, fundedWallet, createEscrow };
}

const outboxCount = async (escrowId: string, type: string) =>
  (
    await query<{ n: number }>(`SELECT count(*)::int AS n FROM crypto.outbox WHERE key = $1 AND type = $2`, [
      escrowId,
      type,
    ])
  )[0]!.n;

describe('XRP escrows: xrpl.js against the fake rippled, monitored, published once', () => {
  let rippled: FakeRippledProcess;
  let service: CryptoServiceProcesses;
  let kafka: Promise<CryptoEvents>;
  let events: CryptoEvents;
  let identity: Producer;

  beforeAll(async () => {
    rippled = await FakeRippledProcess.start();
    identity = await connectEventProducer('crypto-kyc-test', ['KycStatusChanged']);
    kafka = CryptoEvents.start();
    kafka.then((started) => (events = started)).catch(() => undefined);
    service = await CryptoServiceProcesses.start({
      XRPL_SERVER_URL: rippled.url,
      COINBASE_COMMERCE_API_URL: 'http://127.0.0.1:9',
      ESCROW_MONITOR_INTERVAL_MS: '300',
    });
  });

  afterAll(async () => {
    await service?.stop();
    await identity?.disconnect();
    await kafka?.then((started) => started.stop()).catch(() => undefined);
    await rippled?.stop();
  });

  const { send, fundedWallet, createEscrow } = escrowCalls(() => ({ service, rippled }));
  /** Identity's KycStatusChanged, published on Kafka; waits until the API applied it. */
  const deliverKyc = async (init: Record<string, unknown>) => {
    const eventId = randomUUID();
    await identity.send({
      topic: eventTopic('KycStatusChanged'),
      messages: [eventMessage('KycStatusChanged', String(init.userId), init, { id: eventId })],
    });
    await waitFor(
      async () => (await query('SELECT 1 FROM crypto.inbox WHERE event_id = $1', [eventId])).length > 0,
      30_000,
      `KycStatusChanged ${eventId} consumed`,
    );
  };
  const kycChanged = (user: AuthUser, status: KycStatus, changedAt = new Date()) =>
    deliverKyc({ userId: user.id, status, previousStatus: 'processing', changedAt: timestampFromDate(changedAt) });
  const balanceOf = async (user: AuthUser, address: string) =>
    ((await send('GET', `/api/crypto/xrp/account/${address}`, user)).body as { balanceXrp: string }).balanceXrp;
  const finishedOnKafka = (escrowId: string) =>
    events
      .of('EscrowFinished')
      .map((v) => fromBinary(EscrowFinishedSchema, v))
      .filter((e) => e.escrowId === escrowId);
  const cancelledOnKafka = (escrowId: string) =>
    events
      .of('EscrowCancelled')
      .map((v) => fromBinary(EscrowCancelledSchema, v))
      .filter((e) => e.escrowId === escrowId);
  it('generates a wallet: an address and a seed, nothing stored', async () => {
    const user = userOf();
    const reply = await send('POST', '/api/crypto/xrp/wallet/generate', user);
    expect(reply.status).toBe(201);
    const wallet = reply.body as WalletBody;
    expect(wallet.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(wallet.seed).toMatch(/^s[1-9A-HJ-NP-Za-km-z]{20,40}$/);
    const unfunded = await send('GET', `/api/crypto/xrp/account/${wallet.address}`, user);
    expect(unfunded.body).toEqual({ address: wallet.address, balanceXrp: '0', funded: false, reserveXrp: '10' });
    await rippled.fund(wallet.address, 250);
    expect((await send('GET', `/api/crypto/xrp/account/${wallet.address}`, user)).body).toMatchObject({
      balanceXrp: '250',
      funded: true,
    });
  });

  it('validates escrow input server-side with the spec-5 rules', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    expectErrorReply(
      await send('POST', '/api/crypto/xrp/escrow/create', user, {
        senderSeed: owner.seed,
        destinationAddress: '',
        amount: '',
        finishAfterSeconds: 0,
        cancelAfterSeconds: 366 * DAY,
      }),
      {
        status: 400,
        details: [
          { path: 'destinationAddress', message: 'Please enter amount and destination address.' },
          { path: 'amount', message: 'Please enter amount and destination address.' },
          { path: 'finishAfterSeconds', message: 'Release After must be between 1 and 365 days' },
          { path: 'cancelAfterSeconds', message: 'Auto Cancel After must be between 1 and 365 days' },
        ],
      },
    );
    expectErrorReply(
      await send('POST', '/api/crypto/xrp/escrow/create', user, {
        senderSeed: 'not-a-seed',
        destinationAddress: owner.address,
        amount: '5',
        finishAfterSeconds: DAY,
        cancelAfterSeconds: 2 * DAY,
      }),
      { status: 400, paths: ['senderSeed'] },
    );
    // An otherwise valid escrow with a field the API does not have: refused like every other route, nothing created.
    const destination = await fundedWallet(userOf(), 50);
    expectErrorReply(
      await send('POST', '/api/crypto/xrp/escrow/create', user, {
        senderSeed: owner.seed,
        destinationAddress: destination.address,
        amount: '5',
        finishAfterSeconds: DAY,
        cancelAfterSeconds: 2 * DAY,
        userId: randomUUID(),
      }),
      { status: 400, error: 'VALIDATION_FAILED', details: [{ path: 'userId', message: 'Unknown field(s): userId' }] },
    );
    expect(await query('SELECT id FROM crypto.escrows WHERE user_id = $1', [user.id])).toEqual([]);
    expect(await balanceOf(user, owner.address)).toBe('1000');
    expect((await send('POST', '/api/crypto/xrp/escrow/create', undefined, {})).status).toBe(401);
  });

  it('create -> list with sequence -> finish early refused -> wrong fulfillment refused -> right fulfillment finishes and publishes one EscrowFinished', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    const destination = await fundedWallet(userOf(), 50);
    const pair = (await send('POST', '/api/crypto/xrp/condition', user)).body as {
      condition: string;
      fulfillment: string;
    };
    expect(pair.condition).toMatch(/^A0258020[0-9A-F]{64}810120$/);
    const before = (await rippled.view()).close_time;
    const escrow = await createEscrow(user, owner, destination, {
      condition: pair.condition,
      propertyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 2 * DAY,
    });
    expect(escrow).toMatchObject({
      account: owner.address,
      destination: destination.address,
      amount: '100.000000',
      status: 'created',
      condition: pair.condition,
      destinationTag: 0xe82c3301,
    });
    expect(escrow.finishAfter - before).toBeGreaterThanOrEqual(DAY);
    expect(escrow.finishAfter - before).toBeLessThan(DAY + 60);
    expect(Math.abs(escrow.finishAfter + RIPPLE_EPOCH - (Date.now() / 1000 + DAY))).toBeLessThan(120);
    expect(escrow.cancelAfter - escrow.finishAfter).toBe(DAY);
    expect(escrow.hash).toMatch(/^[0-9A-F]{64}$/);

    const listed = (await send('GET', `/api/crypto/xrp/escrows/${owner.address}`, user)).body as {
      escrows: EscrowBody[];
    };
    expect(listed.escrows).toEqual([
      expect.objectContaining({
        account: owner.address,
        sequence: escrow.sequence,
        amount: '100.000000',
        id: escrow.id,
        hash: escrow.hash,
      }),
    ]);

    const finish = (fulfillment: string) =>
      send('POST', '/api/crypto/xrp/escrow/finish', user, {
        senderSeed: destination.seed,
        owner: owner.address,
        offerSequence: escrow.sequence,
        condition: pair.condition,
        fulfillment,
      });
    const early = await finish(pair.fulfillment);
    expectErrorReply(early, { status: 409, message: 'Failed to finish escrow. Check conditions and try again.' });
    expect(JSON.stringify(early.body)).toContain('tecNO_PERMISSION');

    await rippled.advance(DAY + 5);
    const other = (await send('POST', '/api/crypto/xrp/condition', user)).body as { fulfillment: string };
    const wrong = await finish(other.fulfillment);
    expectErrorReply(wrong, {
      status: 409,
      error: 'CONFLICT',
      message: 'Failed to finish escrow. Check conditions and try again.',
    });
    expect(JSON.stringify(wrong.body)).toContain('tecCRYPTOCONDITION_ERROR');
    expect(await outboxCount(escrow.id, 'EscrowFinished')).toBe(0);

    const right = await finish(pair.fulfillment);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ result: 'tesSUCCESS', escrow: { id: escrow.id, status: 'finished' } });
    const { hash } = right.body as { hash: string };
    const mine = (await send('GET', '/api/crypto/xrp/escrows', user)).body as {
      escrows: (EscrowBody & { closingHash: string })[];
    };
    expect(mine.escrows.find((e) => e.id === escrow.id)).toMatchObject({ status: 'finished', closingHash: hash });
    expect((await send('GET', `/api/crypto/xrp/escrows/${owner.address}`, user)).body).toEqual({
      address: owner.address,
      escrows: [],
    });
    // 50 XRP + 100 XRP escrowed, minus the fees of two failed and one successful finish.
    expect(Number(await balanceOf(user, destination.address))).toBeGreaterThan(149.99);

    await onKafka();
    await waitFor(async () => finishedOnKafka(escrow.id).length > 0, 20_000, 'EscrowFinished on Kafka');
    expect(finishedOnKafka(escrow.id)[0]).toMatchObject({
      userId: user.id,
      escrowId: escrow.id,
      owner: owner.address,
      offerSequence: escrow.sequence,
      destination: destination.address,
      amount: '100.000000',
      currency: 'XRP',
      txHash: hash,
    });
    expect(await outboxCount(escrow.id, 'EscrowFinished')).toBe(1);
  });

  it('cancel before CancelAfter is refused with the spec message; after it, the XRP returns and EscrowCancelled is published', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    const destination = await fundedWallet(userOf(), 20);
    const escrow = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 2 * DAY,
    });
    const cancel = () =>
      send('POST', '/api/crypto/xrp/escrow/cancel', user, {
        senderSeed: owner.seed,
        owner: owner.address,
        offerSequence: escrow.sequence,
      });
    const early = await cancel();
    expectErrorReply(early, { status: 409, message: 'Failed to cancel escrow. Check timing and try again.' });
    await rippled.advance(2 * DAY + 5);
    const done = await cancel();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ result: 'tesSUCCESS', escrow: { id: escrow.id, status: 'cancelled' } });
    await onKafka();
    await waitFor(async () => cancelledOnKafka(escrow.id).length > 0, 20_000, 'EscrowCancelled on Kafka');
    expect(await outboxCount(escrow.id, 'EscrowCancelled')).toBe(1);
  });

  it('the monitor publishes EscrowFinished once when someone else finishes the escrow on the ledger', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    const destination = await fundedWallet(userOf(), 20);
    const escrow = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 3 * DAY,
    });
    const { hash } = await rippled.closeEscrow({
      owner: owner.address,
      sequence: escrow.sequence,
      type: 'EscrowFinish',
    });
    await waitFor(
      async () => (await outboxCount(escrow.id, 'EscrowFinished')) > 0,
      15_000,
      'the monitor to see the escrow gone',
    );
    const [row] = await query<{ status: string; closing_hash: string }>(
      `SELECT status, closing_hash FROM crypto.escrows WHERE id = $1`,
      [escrow.id],
    );
    expect(row).toEqual({ status: 'finished', closing_hash: hash });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await outboxCount(escrow.id, 'EscrowFinished')).toBe(1);
    await onKafka();
    await waitFor(async () => finishedOnKafka(escrow.id).length > 0, 20_000, 'EscrowFinished on Kafka');
    expect(finishedOnKafka(escrow.id)[0]).toMatchObject({ txHash: hash, amount: '100.000000', userId: user.id });
  });

  it('sends XRP (Send tab) and maps a ledger refusal to Send Failed', async () => {
    const user = userOf();
    const sender = await fundedWallet(user, 100);
    const receiver = await fundedWallet(userOf(), 20);
    const paid = await send('POST', '/api/crypto/xrp/payment', user, {
      senderSeed: sender.seed,
      destinationAddress: receiver.address,
      amount: '12.5',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ result: 'tesSUCCESS', hash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await balanceOf(user, receiver.address)).toBe('32.5');
    const broke = await send('POST', '/api/crypto/xrp/payment', user, {
      senderSeed: sender.seed,
      destinationAddress: receiver.address,
      amount: '500',
    });
    expectErrorReply(broke, { status: 409, message: 'Payment processing failed. Please try again.' });
    expect(JSON.stringify(broke.body)).toContain('tecUNFUNDED_PAYMENT');
    expectErrorReply(
      await send('POST', '/api/crypto/xrp/payment', user, {
        senderSeed: sender.seed,
        destinationAddress: '',
        amount: '',
      }),
      {
        status: 400,
        details: [
          { path: 'destinationAddress', message: 'Please enter amount and destination address.' },
          { path: 'amount', message: 'Please enter amount and destination address.' },
        ],
      },
    );
    // A field the API does not have: refused like every other route, nothing sent.
    expectErrorReply(
      await send('POST', '/api/crypto/xrp/payment', user, {
        senderSeed: sender.seed,
        destinationAddress: receiver.address,
        amount: '1',
        fee: '0',
      }),
      { status: 400, error: 'VALIDATION_FAILED', details: [{ path: 'fee', message: 'Unknown field(s): fee' }] },
    );
    expect(await balanceOf(user, receiver.address)).toBe('32.5');
  });

  it('over the KYC threshold (1000 XRP) escrows and payments need a verified identity; nothing reaches the ledger before', async () => {
    const user = userOf();
    const owner = await fundedWallet(user, 10_000);
    const destination = await fundedWallet(userOf(), 20);
    const ledgerAccount = async () => (await rippled.view()).accounts.find((a) => a.address === owner.address);
    const before = await ledgerAccount();
    const escrowOf = (amount: string) => ({
      senderSeed: owner.seed,
      destinationAddress: destination.address,
      amount,
      finishAfterSeconds: 7 * DAY,
      cancelAfterSeconds: 30 * DAY,
    });
    const paymentOf = (amount: string) => ({
      senderSeed: owner.seed,
      destinationAddress: destination.address,
      amount,
    });
    const refusedEscrow = async (amount: string) =>
      expectErrorReply(await send('POST', '/api/crypto/xrp/escrow/create', user, escrowOf(amount)), {
        status: 403,
        error: 'KYC_REQUIRED',
        message: kycRequiredMessage('escrow'),
      });
    const refusedPayment = async (amount: string) =>
      expectErrorReply(await send('POST', '/api/crypto/xrp/payment', user, paymentOf(amount)), {
        status: 403,
        error: 'KYC_REQUIRED',
        message: kycRequiredMessage('payment'),
      });

    // Not verified (no KycStatusChanged yet, then still being checked): refused over the threshold.
    await refusedEscrow('1500');
    await refusedPayment('1000.000001');
    await kycChanged(user, 'processing', new Date(Date.now() - 60_000));
    await refusedEscrow('1000.5');
    await refusedPayment('2500');
    // Validation still comes first: a malformed request is a 400, not a KYC refusal.
    expectErrorReply(await send('POST', '/api/crypto/xrp/payment', user, { ...paymentOf('5000'), amount: '-5000' }), {
      status: 400,
      error: 'VALIDATION_FAILED',
    });
    // Nothing was signed into the ledger nor stored.
    expect(await ledgerAccount()).toEqual(before);
    expect(await query('SELECT 1 FROM crypto.escrows WHERE user_id = $1', [user.id])).toEqual([]);

    // At the threshold nothing changes.
    expect((await send('POST', '/api/crypto/xrp/payment', user, paymentOf('1000'))).status).toBe(200);
    const atThreshold = await send('POST', '/api/crypto/xrp/escrow/create', user, escrowOf('1000'));
    expect(atThreshold).toMatchObject({ status: 201, body: { amount: '1000.000000', status: 'created' } });

    // Verified: over the threshold goes through.
    await kycChanged(user, 'verified');
    const large = await send('POST', '/api/crypto/xrp/escrow/create', user, escrowOf('1500'));
    expect(large).toMatchObject({ status: 201, body: { amount: '1500.000000', status: 'created' } });
    const paid = await send('POST', '/api/crypto/xrp/payment', user, paymentOf('1200'));
    expect(paid).toMatchObject({ status: 200, body: { result: 'tesSUCCESS' } });
    expect(await balanceOf(user, destination.address)).toBe('2220');

    // The provider later needs the user to verify again: refused until they do.
    await kycChanged(user, 'requires_input');
    await refusedPayment('1001');
    expect(await balanceOf(user, destination.address)).toBe('2220');
  });

  it('stores the largest KycStatusChanged its bounds allow', async () => {
    const event = largestEvent('KycStatusChanged');
    await deliverKyc(event);
    expect(await query('SELECT status FROM crypto.kyc_clearances WHERE user_id = $1', [event.userId])).toEqual([
      { status: event.status },
    ]);
  });

  const onKafka = () => kafka;
});

describe('the escrow monitor: the history or the ledger time rules decide, never a guess', () => {
  // account_tx answers 2 entries a page here, so a closing transaction under newer ones is only
  // found by following the marker. The API starts alone: the escrows are closed behind its back and
  // buried first, then the worker starts and monitors them (every 300 ms, for 30 s after creation).
  const WINDOW_MS = 30_000;
  let rippled: FakeRippledProcess;
  let service: CryptoServiceProcesses;

  beforeAll(async () => {
    rippled = await FakeRippledProcess.start(['--account-tx-page-size', '2']);
    service = await CryptoServiceProcesses.start(
      {
        XRPL_SERVER_URL: rippled.url,
        COINBASE_COMMERCE_API_URL: 'http://127.0.0.1:9',
        ESCROW_MONITOR_INTERVAL_MS: '300',
        ESCROW_MONITOR_WINDOW_MS: String(WINDOW_MS),
      },
      { worker: false },
    );
  });

  afterAll(async () => {
    await service?.stop();
    await rippled?.stop();
  });

  const { send, fundedWallet, createEscrow } = escrowCalls(() => ({ service, rippled }));
  const rowOf = async (id: string) =>
    (
      await query<{ status: string; closing_hash: string | null; closed_reason: string | null }>(
        `SELECT status, closing_hash, closed_reason FROM crypto.escrows WHERE id = $1`,
        [id],
      )
    )[0]!;
  const warningsAbout = (id: string, what: string) =>
    service
      .text()
      .split('\n')
      .filter((line) => line.includes(`escrow ${id} gone from the ledger, outcome not known`) && line.includes(what));

  it('finds a finish pages deep, infers a finish before CancelAfter, and leaves a close after CancelAfter unknown', async () => {
    const user = userOf();
    const owner = await fundedWallet(user, 2000);
    const destination = await fundedWallet(userOf(), 20);
    const buried = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 30 * DAY,
    });
    const untraced = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 30 * DAY,
    });
    const expired = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 2 * DAY,
    });
    // Its window ends before any worker runs: the worker's start gives it the last run it missed.
    const unwatched = await createEscrow(user, owner, destination, {
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 30 * DAY,
    });
    await query(`UPDATE crypto.escrows SET monitor_until = now() - interval '1 minute' WHERE id = $1`, [unwatched.id]);
    // An escrow recorded against an owner this ledger has never held (as after a test network
    // reset): gone, but neither a history nor the time rules can say how.
    const stranger = (await send('POST', '/api/crypto/xrp/wallet/generate', user)).body as WalletBody;
    const [{ id: strangerEscrow }] = await query<{ id: string }>(
      `INSERT INTO crypto.escrows (id, user_id, owner, sequence, destination, amount_drops, finish_after, cancel_after,
                                   create_hash, monitor_until)
       VALUES (gen_random_uuid(), $1, $2, 7, $3, 100000000, 1900000000, 2000000000, repeat('AB', 32),
               now() - interval '1 minute')
       RETURNING id`,
      [user.id, stranger.address, destination.address],
    );

    const { hash } = await rippled.closeEscrow({
      owner: owner.address,
      sequence: buried.sequence,
      type: 'EscrowFinish',
    });
    await rippled.closeEscrow({ owner: owner.address, sequence: untraced.sequence, history: false });
    for (let i = 0; i < 5; i += 1) {
      const paid = await send('POST', '/api/crypto/xrp/payment', user, {
        senderSeed: owner.seed,
        destinationAddress: destination.address,
        amount: '1',
      });
      expect(paid.status).toBe(200);
    }
    // Past the third escrow's CancelAfter (not the others'), then it goes without a trace.
    await rippled.advance(2 * DAY + 5);
    await rippled.closeEscrow({
      owner: owner.address,
      sequence: expired.sequence,
      type: 'EscrowCancel',
      history: false,
    });
    const { hash: unwatchedHash } = await rippled.closeEscrow({
      owner: owner.address,
      sequence: unwatched.sequence,
      type: 'EscrowFinish',
    });
    await service.startWorker();

    await waitFor(async () => (await rowOf(buried.id)).status !== 'created', 15_000, 'the buried finish');
    expect(await rowOf(buried.id)).toEqual({ status: 'finished', closing_hash: hash, closed_reason: null });
    expect(await outboxCount(buried.id, 'EscrowFinished')).toBe(1);

    await waitFor(async () => (await rowOf(unwatched.id)).status !== 'created', 15_000, 'the missed last run');
    expect(await rowOf(unwatched.id)).toEqual({ status: 'finished', closing_hash: unwatchedHash, closed_reason: null });
    expect(await outboxCount(unwatched.id, 'EscrowFinished')).toBe(1);

    await waitFor(async () => (await rowOf(strangerEscrow)).status !== 'created', 15_000, 'the stranger escrow');
    expect(await rowOf(strangerEscrow)).toEqual({
      status: 'unknown',
      closing_hash: null,
      closed_reason: expect.stringContaining("with its owner's account") as string,
    });
    expect(await outboxCount(strangerEscrow, 'EscrowFinished')).toBe(0);
    expect(await outboxCount(strangerEscrow, 'EscrowCancelled')).toBe(0);

    // Before CancelAfter only EscrowFinish can remove an escrow: finished, with no hash to give.
    await waitFor(async () => (await rowOf(untraced.id)).status !== 'created', 15_000, 'the untraced finish');
    expect(await rowOf(untraced.id)).toEqual({
      status: 'finished',
      closing_hash: null,
      closed_reason: expect.stringContaining('before CancelAfter') as string,
    });
    expect(await outboxCount(untraced.id, 'EscrowFinished')).toBe(1);
    expect(await outboxCount(untraced.id, 'EscrowCancelled')).toBe(0);

    // After CancelAfter either could have: nothing is published, the row waits for a later run.
    await waitFor(
      async () => warningsAbout(expired.id, 'trying again next run').length >= 2,
      15_000,
      'two undecided runs',
    );
    expect((await rowOf(expired.id)).status).toBe('created');
    expect(await outboxCount(expired.id, 'EscrowFinished')).toBe(0);
    expect(await outboxCount(expired.id, 'EscrowCancelled')).toBe(0);

    // The window ends: recorded as unknown with the reason, the schedule stops, still nothing published.
    await waitFor(async () => (await rowOf(expired.id)).status === 'unknown', WINDOW_MS + 10_000, 'the window to end');
    expect(await rowOf(expired.id)).toEqual({
      status: 'unknown',
      closing_hash: null,
      closed_reason: expect.stringContaining('after CancelAfter') as string,
    });
    expect(warningsAbout(expired.id, 'recorded as unknown')).toHaveLength(1);
    const mine = (await send('GET', '/api/crypto/xrp/escrows', user)).body as {
      escrows: (EscrowBody & { closingHash: string | null })[];
    };
    expect(mine.escrows.find((e) => e.id === expired.id)).toMatchObject({
      status: 'unknown',
      closingHash: null,
      closedReason: expect.stringContaining('closing transaction was not found'),
    });
    const warnings = warningsAbout(expired.id, '').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(warningsAbout(expired.id, '')).toHaveLength(warnings);
    expect(await outboxCount(expired.id, 'EscrowFinished')).toBe(0);
    expect(await outboxCount(expired.id, 'EscrowCancelled')).toBe(0);
  });
});

describe('an escrow whose API process died mid-submit: stored pending first, settled by the monitor', () => {
  // The fake ledger holds submitted transactions (terQUEUED, in no ledger), so the API waits for
  // validation with the pending row written; then the API is killed (SIGKILL) and the held
  // EscrowCreate is applied, or dropped as one that never got in. The worker settles the row.
  let rippled: FakeRippledProcess;
  let service: CryptoServiceProcesses;

  beforeAll(async () => {
    rippled = await FakeRippledProcess.start();
    service = await CryptoServiceProcesses.start({
      XRPL_SERVER_URL: rippled.url,
      COINBASE_COMMERCE_API_URL: 'http://127.0.0.1:9',
      ESCROW_MONITOR_INTERVAL_MS: '300',
    });
  });

  afterAll(async () => {
    await service?.stop();
    await rippled?.stop();
  });

  const { send, fundedWallet } = escrowCalls(() => ({ service, rippled }));
  interface Row {
    id: string;
    status: string;
    sequence: string;
    create_hash: string;
    closed_reason: string | null;
  }
  const rowsOf = (owner: string) =>
    query<Row>(
      `SELECT id, status, sequence, create_hash, closed_reason FROM crypto.escrows WHERE owner = $1 ORDER BY created_at`,
      [owner],
    );
  const rowById = async (id: string) =>
    (
      await query<Row>(`SELECT id, status, sequence, create_hash, closed_reason FROM crypto.escrows WHERE id = $1`, [
        id,
      ])
    )[0]!;
  const escrowBody = (owner: WalletBody, destination: WalletBody) => ({
    senderSeed: owner.seed,
    destinationAddress: destination.address,
    amount: '100',
    finishAfterSeconds: DAY,
    cancelAfterSeconds: 3 * DAY,
  });
  /** Starts an escrow create, waits until its EscrowCreate is held by the ledger with the row pending, then kills the API. */
  const createAndCrash = async (user: AuthUser, owner: WalletBody, destination: WalletBody): Promise<Row> => {
    await rippled.hold(true);
    try {
      const call = send('POST', '/api/crypto/xrp/escrow/create', user, escrowBody(owner, destination));
      call.catch(() => undefined); // the connection dies with the process
      const pending = await waitFor(
        async () => {
          const [row] = await rowsOf(owner.address);
          return row?.status === 'pending' && (await rippled.view()).held === 1 && row;
        },
        15_000,
        'the pending row and the held EscrowCreate',
      );
      await service.killApi();
      return pending;
    } finally {
      await rippled.hold(false);
    }
  };

  it('made it to the ledger: the monitor finds it by its hash, records it created and keeps watching it', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    const destination = await fundedWallet(userOf(), 20);
    const pending = await createAndCrash(user, owner, destination);
    expect(pending.create_hash).toMatch(/^[0-9A-F]{64}$/);
    await service.startApi();
    // Pending is not listed: the ledger has not said yet whether the escrow exists.
    expect(((await send('GET', '/api/crypto/xrp/escrows', user)).body as { escrows: EscrowBody[] }).escrows).toEqual(
      [],
    );

    const { applied } = await rippled.releaseHeld('apply');
    expect(applied).toEqual([{ hash: pending.create_hash, engine_result: 'tesSUCCESS' }]);
    await waitFor(
      async () => (await rowById(pending.id)).status === 'created',
      15_000,
      'the monitor to see it created',
    );
    const mine = (await send('GET', '/api/crypto/xrp/escrows', user)).body as { escrows: EscrowBody[] };
    expect(mine.escrows).toEqual([
      expect.objectContaining({
        id: pending.id,
        status: 'created',
        hash: pending.create_hash,
        sequence: Number(pending.sequence),
        account: owner.address,
        amount: '100.000000',
      }),
    ]);

    // And it is monitored like any other: finished behind the service's back, the monitor publishes it once.
    const { hash } = await rippled.closeEscrow({
      owner: owner.address,
      sequence: Number(pending.sequence),
      type: 'EscrowFinish',
    });
    await waitFor(
      async () => (await rowById(pending.id)).status === 'finished',
      15_000,
      'the monitor to see it finished',
    );
    expect(await outboxCount(pending.id, 'EscrowFinished')).toBe(1);
    expect((await query(`SELECT closing_hash FROM crypto.escrows WHERE id = $1`, [pending.id]))[0]).toEqual({
      closing_hash: hash,
    });
  });

  it('never made it: once the ledger is past its LastLedgerSequence the row fails with the reason, and the sequence can be used again', async () => {
    const user = userOf();
    const owner = await fundedWallet(user);
    const destination = await fundedWallet(userOf(), 20);
    const pending = await createAndCrash(user, owner, destination);
    await service.startApi();
    expect(await rippled.releaseHeld('drop')).toEqual({ dropped: 1 });
    // Still pending while the ledger could include it: a second create would take the same
    // sequence, so it is refused, submitting nothing, until the first is settled.
    expect((await rowById(pending.id)).status).toBe('pending');
    const early = await send('POST', '/api/crypto/xrp/escrow/create', user, escrowBody(owner, destination));
    expectErrorReply(early, { status: 409, message: 'Failed to create XRP escrow. Please try again.' });
    expect(JSON.stringify(early.body)).toContain(`sequence ${pending.sequence} of this account`);
    expect(await rowsOf(owner.address)).toHaveLength(1);
    await rippled.advance(0, 25);
    await waitFor(async () => (await rowById(pending.id)).status === 'failed', 15_000, 'the monitor to fail it');
    expect(await rowById(pending.id)).toMatchObject({
      status: 'failed',
      closed_reason: expect.stringContaining('never made it to the ledger') as string,
    });
    expect(await outboxCount(pending.id, 'EscrowFinished')).toBe(0);
    expect(await outboxCount(pending.id, 'EscrowCancelled')).toBe(0);
    expect(((await send('GET', '/api/crypto/xrp/escrows', user)).body as { escrows: EscrowBody[] }).escrows).toEqual(
      [],
    );

    // The account's sequence was never used: the next create takes it.
    const reply = await send('POST', '/api/crypto/xrp/escrow/create', user, escrowBody(owner, destination));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'created', sequence: Number(pending.sequence) });
    expect((await rowsOf(owner.address)).map((row) => row.status)).toEqual(['failed', 'created']);
  });
});
