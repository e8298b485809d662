import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { AffiliateProfile } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import {
  accessCookie,
  connectEventProducer,
  expectNoMail,
  query,
  rawRequest,
  startApp,
  startMailWorker,
  theOnlyMail,
  uniqueEmail,
  validAffiliateApplication,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { EventDelivery } from './event-delivery';

// Issue 39: ops marking a payout paid mails the affiliate once (a second settlement is refused and
// mails nothing); an affiliate who turned payout mail off in Settings (profile's
// MailPreferencesChanged) gets none.
delete process.env.OPENAI_API_KEY;

const userOf = (role = 'user'): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('payout-mail'),
  emailVerified: true,
  role,
});

describe('affiliate: the payout-paid mail', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let events: EventDelivery;
  const admin = userOf('admin');

  beforeAll(async () => {
    events = await EventDelivery.start('affiliate-payout-mail');
    // Profile's topic exists before the consumer subscribes.
    await (await connectEventProducer('affiliate-payout-mail-topics', ['MailPreferencesChanged'])).disconnect();
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
  });

  afterAll(async () => {
    await events?.stop();
    await worker?.close();
    await app?.close();
  });

  const send = (method: string, path: string, user: AuthUser, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** An approved, verified affiliate with $250 to pay out, and its requested payout's id. */
  const requestedPayout = async (owner: AuthUser, contactEmail: string) => {
    const registered = await send(
      'POST',
      '/api/affiliate/register',
      owner,
      validAffiliateApplication({ contactEmail }),
    );
    expect(registered.status).toBe(201);
    const profile = registered.body as AffiliateProfile;
    expect(
      (await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, admin, { status: 'approved' }))
        .status,
    ).toBe(200);
    await query('UPDATE affiliate.affiliates SET current_balance = 250, total_earnings = 250 WHERE id = $1', [
      profile.id,
    ]);
    await events.kycChanged(owner.id, 'verified');
    const requested = await send('POST', '/api/affiliate/request-payout', owner);
    expect(requested.status).toBe(201);
    return (requested.body as { id: string }).id;
  };
  const markPaid = (payoutId: string) =>
    send('POST', `/api/affiliate/admin/payouts/${payoutId}/status`, admin, { status: 'paid' });

  it('mails the affiliate once when the payout is paid; a second settlement is refused and mails nothing', async () => {
    const owner = userOf();
    const contactEmail = uniqueEmail('payout-contact');
    const payoutId = await requestedPayout(owner, contactEmail);
    expect((await markPaid(payoutId)).status).toBe(200);
    expect((await markPaid(payoutId)).status).toBe(409);

    const mail = await theOnlyMail(contactEmail, 'Your affiliate payout of $250.00 USD was paid');
    expect(mail.text).toContain('Hello Tama Wiremu,');
    expect(mail.text).toContain(`Payout reference: ${payoutId}`);
    expect(mail.text).toMatch(/https?:\/\/\S+\/affiliate\/dashboard/);
    expect(mail.text).toContain('Settings');
    expect(mail.html).toContain('$250.00 USD');
  });

  it('sends nothing to an affiliate who turned payout mail off', async () => {
    const owner = userOf();
    await events.deliver('MailPreferencesChanged', owner.id, {
      userId: owner.id,
      supportReplies: true,
      investmentUpdates: true,
      payoutNotices: false,
      updatedAt: timestampFromDate(new Date()),
    });
    const contactEmail = uniqueEmail('payout-contact-off');
    const payoutId = await requestedPayout(owner, contactEmail);
    expect((await markPaid(payoutId)).status).toBe(200);
    await expectNoMail(contactEmail, 'affiliate payout');
  });
});
