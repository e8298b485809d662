import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { redisOptions } from '@app/platform';
import Redis from 'ioredis';
import { bodyOf, startApp, startMailWorker, uniqueEmail, validRegistration, waitForMail } from '../../../test-support';
import { AppModule } from '../src/app.module';
import { signInThrottle, signInThrottleKey } from '../src/auth/sign-in-throttle';

const lockMessage =
  'This account is temporarily locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';

describe('identity: failed sign-ins per account', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let redis: Redis;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
    redis = new Redis(redisOptions(process.env.REDIS_URL!));
  });

  afterAll(async () => {
    await redis?.quit();
    await worker?.close();
    await app?.close();
  });

  const login = (email: string, password: string) =>
    fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  const register = async () => {
    const body = validRegistration();
    expect(
      (
        await fetch(`${api}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(201);
    return body;
  };
  /** What an attacker sees of an attempt. */
  const seen = async (response: Response) => ({
    status: response.status,
    retryAfter: response.headers.get('retry-after') !== null,
    ...(await bodyOf<{ error: string; message: string }>(response)),
  });
  /** Moves the account's clock on: the current wait (`d`) or lock (`l`) is over. */
  const pass = (email: string, field: 'd' | 'l') => redis.hset(signInThrottleKey(email), field, Date.now() - 1);
  /**
   * The 5th failure started a wait: stretch it to a minute, so a slow machine cannot outlast it
   * between two attempts (the rule under test is what happens inside the wait).
   */
  const hold = async (email: string) => {
    expect(Number(await redis.hget(signInThrottleKey(email), 'd'))).toBeGreaterThan(0);
    await redis.hset(signInThrottleKey(email), 'd', Date.now() + 60_000);
  };

  it('waits after 5 failures, locks after 10 whatever the password, mails the owner, and unlocks', async () => {
    const { email, password } = await register();
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await seen(await login(email, 'Wrong-pass1!')));
      if (i === 4) await hold(email);
    }

    const wrong = { status: 401, retryAfter: false, error: 'INVALID_CREDENTIALS' };
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(expect.objectContaining(wrong)));
    // Refused unchecked within the wait (these attempts count too).
    expect(answers.slice(5, 9)).toEqual(
      Array(4).fill(
        expect.objectContaining({
          status: 429,
          retryAfter: true,
          error: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/),
        }),
      ),
    );
    expect(answers.slice(9)).toEqual(
      Array(3).fill({ status: 429, retryAfter: true, error: 'RATE_LIMITED', message: lockMessage }),
    );

    // The right password does not get through the lock.
    const right = await login(email, password);
    expect(await seen(right)).toEqual({ status: 429, retryAfter: true, error: 'RATE_LIMITED', message: lockMessage });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    const mail = await waitForMail(email, 'Your account was temporarily locked');
    expect(mail.text).toContain('a wrong password for your account 10 times in a row');
    expect(mail.text).toContain('locked for the next 15 minutes');

    await pass(email, 'l');
    expect((await login(email, password)).status).toBe(200);
  });

  it('treats an unknown e-mail address exactly like a registered one', async () => {
    const { email } = await register();
    const unknown = uniqueEmail('nobody');
    const attempts = signInThrottle.lockAfterFailures + 2;
    for (let i = 0; i < attempts; i++) {
      const [known, stranger] = await Promise.all([login(email, 'Wrong-pass1!'), login(unknown, 'Wrong-pass1!')]);
      const [a, b] = [await seen(known), await seen(stranger)];
      expect({ attempt: i + 1, ...b, message: b.message.replace(/\d+ seconds?/, 'N seconds') }).toEqual({
        attempt: i + 1,
        ...a,
        message: a.message.replace(/\d+ seconds?/, 'N seconds'),
      });
      // The same wait for both, however long each answer took (the first waits are 1-2 s).
      if (i === signInThrottle.delayAfterFailures - 1) await Promise.all([hold(email), hold(unknown)]);
    }
  });

  it('lets the right password in once the wait is over, and a success starts the count afresh', async () => {
    const { email, password } = await register();
    for (let i = 0; i < 5; i++) expect((await login(email, 'Wrong-pass1!')).status).toBe(401);
    await hold(email);
    // Within the wait even the right password is not checked.
    expect((await login(email, password)).status).toBe(429);
    await pass(email, 'd');
    expect((await login(email, password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'Wrong-pass1!')).status).toBe(401);
    expect((await login(email, password)).status).toBe(200);
  });

  it('counts failures per account, not per address: a burst of 40 locks it at the 10th', async () => {
    const { email, password } = await register();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => login(email, 'Wrong-pass1!').then((r) => r.status)),
    );
    // However the burst interleaves, at most 5 passwords were checked before the wait and lock.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
    expect(await seen(await login(email, password))).toMatchObject({ status: 429, message: lockMessage });
  });
});
