import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { query, startApp, uniqueEmail, validAffiliateApplication } from '../../../test-support';
import { AppModule } from '../src/app.module';
import { EventDelivery } from './event-delivery';

// Spec 6, a visitor may apply as affiliate: identity publishes the application with the new
// account (AffiliateApplicationSubmitted); the affiliate service stores it as that account's
// pending profile, once per user.

describe('affiliate: the application of a visitor who got an account with it', () => {
  let app: INestApplication;
  let events: EventDelivery;

  beforeAll(async () => {
    events = await EventDelivery.start('affiliate-visitor-test');
    ({ app } = await startApp(AppModule));
  });

  afterAll(async () => {
    await app?.close();
    await events?.stop();
  });

  const submitted = (userId: string, email: string, overrides: Record<string, unknown> = {}) => {
    const application = validAffiliateApplication({ contactEmail: email, ...overrides });
    return events.deliver('AffiliateApplicationSubmitted', userId, {
      userId,
      email,
      companyName: application.companyName,
      website: application.website,
      businessType: application.businessType,
      contactName: application.contactName,
      phoneNumber: application.phoneNumber,
      businessDescription: application.businessDescription,
      marketingExperience: application.marketingExperience,
      expectedReferrals: application.expectedReferrals,
      additionalInfo: '',
      submittedAt: timestampFromDate(new Date()),
    });
  };
  const profilesOf = (userId: string) =>
    query(
      `SELECT user_email, contact_email, company_name, website, business_type, contact_name, expected_referrals,
              additional_info, status, is_demo, referral_code ~ '^HARB[A-Z2-9]{6}$' AS coded
         FROM affiliate.affiliates WHERE user_id = $1`,
      [userId],
    );

  it('stores the application as the pending profile of the new account', async () => {
    const userId = randomUUID();
    const email = uniqueEmail('visitor');
    await submitted(userId, email);
    expect(await profilesOf(userId)).toEqual([
      {
        user_email: email,
        contact_email: email,
        company_name: 'Harbour Digital',
        website: 'https://harbour.example',
        business_type: 'marketing_agency',
        contact_name: 'Tama Wiremu',
        expected_referrals: '4-8',
        additional_info: null,
        status: 'pending',
        is_demo: false,
        coded: true,
      },
    ]);
  });

  it('keeps the one profile of a user who already has one', async () => {
    const userId = randomUUID();
    const email = uniqueEmail('visitor');
    await submitted(userId, email);
    await submitted(userId, email, { companyName: 'Another Company', website: '' });
    const profiles = await profilesOf(userId);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ company_name: 'Harbour Digital', website: 'https://harbour.example' });
  });
});
