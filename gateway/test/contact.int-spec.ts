import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { bodyOf, query, rawRequest, startApp, startMailWorker, uniqueEmail, waitForMail } from '../../test-support';
import { AppModule } from '../../services/chat-support/src/app.module';

const validMessage = (email = uniqueEmail('contact')) => ({
  name: 'Aroha Ngata',
  email,
  company: 'Kauri Coffee Roasters',
  subject: 'Annual billing',
  category: 'business',
  message: 'How does annual billing work for the Growth plan?',
});

describe('chat-support: the contact form becomes a support ticket', () => {
  let app: INestApplication;
  let mailWorker: INestApplicationContext;
  let api: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    mailWorker = await startMailWorker();
  });

  afterAll(async () => {
    await mailWorker?.close();
    await app?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    rawRequest(`${api}/api/contact`, 'POST', { headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const ticketsFor = (email: string) =>
    query<{ subject: string; category: string; status: string; source: string; company: string }>(
      'SELECT subject, category, status, source, company FROM chat_support.support_tickets WHERE email = $1',
      [email],
    );

  it('stores the ticket, publishes ContactReceived with it and mails an acknowledgement with the reference', async () => {
    const body = validMessage();
    const response = await fetch(`${api}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const { ticketId, message } = await bodyOf<{ ticketId: string; message: string }>(response);
    const reference = message.match(/SUP-\d{6}/)?.[0];
    expect(reference).toBeDefined();

    expect(await ticketsFor(body.email)).toEqual([
      {
        subject: 'Annual billing',
        category: 'business',
        status: 'pending', // waits in the support inbox until an agent claims it
        source: 'contact_form',
        company: 'Kauri Coffee Roasters',
      },
    ]);
    expect(await query('SELECT type FROM chat_support.outbox WHERE key = $1', [ticketId])).toEqual([
      { type: 'ContactReceived' },
    ]);
    const mail = await waitForMail(body.email, `We received your message [${reference}]`);
    expect(mail.text).toContain('Category: Business Inquiry');
    expect(mail.text).toContain('same day');
  });

  it('files a message without category or company under "other"', async () => {
    const { company: _company, category: _category, ...body } = validMessage();
    expect((await post(body)).status).toBe(201);
    expect(await ticketsFor(body.email)).toEqual([expect.objectContaining({ category: 'other', company: '' })]);
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'Please fill in all required fields.'],
    ['a blank subject', { subject: '   ' }, 'subject', 'Please fill in all required fields.'],
    ['no message', { message: undefined }, 'message', 'Required'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an unknown category', { category: 'sales' }, 'category', expect.stringContaining('Invalid option')],
    ['a wrong type', { name: 42 }, 'name', expect.stringContaining('expected string')],
    ['an unknown field', { priority: 'urgent' }, 'priority', 'Unknown field(s): priority'],
    ['a NUL character', { message: 'hi\u0000there' }, 'message', 'Text must not contain NUL characters'],
    ['a 5001-character message', { message: 'x'.repeat(5001) }, 'message', 'Must be at most 5000 characters'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_case, change, path, message) => {
    const body = { ...validMessage(), ...change };
    const reply = await post(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: expect.arrayContaining([{ path, message }]),
    });
    expect(await ticketsFor(String(body.email))).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json', 400, 'MALFORMED_BODY'],
    ['an array', '[]', 'application/json', 400, 'VALIDATION_FAILED'],
    ['null', 'null', 'application/json', 400, 'MALFORMED_BODY'],
    ['plain text', 'hello', 'text/plain', 400, 'VALIDATION_FAILED'],
    [
      'a 1 MB body',
      JSON.stringify({ ...validMessage(), message: 'x'.repeat(1024 * 1024) }),
      'application/json',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('answers %s with a 4xx in the error shape', async (_case, body, type, status, code) => {
    const reply = await post(body, { 'content-type': type });
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ error: code, message: expect.any(String) });
  });
});
