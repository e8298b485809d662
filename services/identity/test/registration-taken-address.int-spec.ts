import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  query,
  rawRequest,
  startApp,
  startMailWorker,
  uniqueEmail,
  validRegistration,
  waitFor,
  waitForMail,
} from '../../../test-support';
import { AppModule } from '../src/app.module';

// Build item 4 of issue 38: registration must not tell who has an account. A taken address, in
// any case and with spaces around it, gets byte for byte the answer of a new one and creates
// nothing; its owner is mailed that someone tried.

interface SinkMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

describe('identity: registering an address that already has an account', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
  });

  /** What anyone registering sees: the status, the content type and the body's exact bytes. */
  const register = async (body: object) => {
    const reply = await rawRequest(`${api}/api/auth/register`, 'POST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, contentType: reply.headers['content-type'], body: reply.text };
  };
  const accounts = (email: string) =>
    query<{ id: string; password_hash: string; first_name: string }>(
      'SELECT id, password_hash, first_name FROM identity.users WHERE email = $1',
      [email],
    );
  const mailsTo = async (email: string): Promise<SinkMail[]> =>
    ((await (await fetch(`${process.env.MAIL_SINK_URL}/email`)).json()) as SinkMail[]).filter((mail) =>
      mail.to.some((recipient) => recipient.address === email),
    );

  it('answers a taken address exactly as a new one, creates nothing, and mails the owner', async () => {
    const email = uniqueEmail('taken');
    const first = validRegistration(email);
    const firstAnswer = await register(first);
    expect(firstAnswer.status).toBe(201);
    await waitForMail(email, 'Verify your email');
    const [owner] = await accounts(email);

    const again = await register({
      ...validRegistration(),
      email: `  ${email.toUpperCase()} `,
      firstName: 'Mallory',
      password: 'Other@pass1',
    });
    expect(again).toEqual(firstAnswer);
    expect(JSON.parse(again.body)).toEqual({
      success: true,
      message: 'Registration successful. Please check your email for verification instructions.',
    });

    // Nothing created or changed: one row, the owner's own password and name, one event.
    expect(await accounts(email)).toEqual([owner]);
    expect(await query('SELECT type FROM identity.outbox WHERE key = $1', [owner!.id])).toEqual([
      { type: 'UserRegistered' },
    ]);
    const signIn = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: first.password }),
    });
    expect(signIn.status).toBe(200);

    const notice = await waitForMail(email, 'Someone tried to register with your email address');
    expect(notice.text).toContain(`Hello ${first.firstName},`);
    expect(notice.text).toContain('Someone tried to register a new account with your email address.');
    expect(notice.text).toMatch(/Sign in: https?:\/\/\S+\/login$/m);
    expect(notice.text).toMatch(/Choose a new password: https?:\/\/\S+\/forgot-password$/m);
    expect(notice.text).not.toMatch(/token=/);
    expect(notice.text).not.toContain('Mallory');
    // The attempt sent no second verification link.
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('Verify your email'))).toHaveLength(1);
  });

  it('mails the owner once an hour however often the address is tried', async () => {
    const email = uniqueEmail('tried');
    const body = validRegistration(email);
    const answers = [await register(body)];
    for (let attempt = 0; attempt < 3; attempt++) answers.push(await register(body));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);

    await waitForMail(email, 'Someone tried to register');
    const notices = await waitFor(
      async () => {
        const mails = await mailsTo(email);
        return mails.some((mail) => mail.subject.includes('Verify')) ? mails : undefined;
      },
      30_000,
      'the verification mail',
    );
    expect(notices.filter((mail) => mail.subject.includes('Someone tried to register'))).toHaveLength(1);
    expect(await accounts(email)).toHaveLength(1);
  });

  it('gives two simultaneous registrations of one new address the same answer and one account', async () => {
    const email = uniqueEmail('race');
    const [one, two] = await Promise.all([
      register(validRegistration(email)),
      register(validRegistration(email.toUpperCase())),
    ]);
    expect(one.status).toBe(201);
    expect(two).toEqual(one);
    expect(await accounts(email)).toHaveLength(1);
  });
});
