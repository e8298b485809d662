import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { eventCatalog } from '@app/contracts';

type TransactionRecordedFields = MessageInitShape<(typeof eventCatalog)['TransactionRecorded']['schema']>;

/**
 * The fields of a TransactionRecorded event as integrations publishes one for a card sale through a
 * Stripe processor (a completed USD 129.90 sale in NZ), with any field given overriding its default.
 */
export const transactionRecordedFields = (
  fields: TransactionRecordedFields & { userId: string; transactionId: string },
): TransactionRecordedFields => ({
  externalTransactionId: `ext-${fields.transactionId}`,
  type: 'fiat',
  amount: '129.90',
  currency: 'USD',
  status: 'completed',
  paymentMethod: 'card',
  country: 'NZ',
  processor: 'stripe',
  sourceKind: 'processor',
  integrationId: randomUUID(),
  ...fields,
});

/** A fresh address per test, so tests never see each other's accounts or mail. */
export const uniqueEmail = (label = 'user') => `${label}.${randomUUID().slice(0, 12)}@example.test`;

/** A registration body that passes every rule of spec 5.1. */
export const validRegistration = (email = uniqueEmail()) => ({
  businessName: 'Kauri Coffee Roasters',
  businessType: 'limited_company',
  industryType: 'Hospitality & Tourism',
  businessAddress: '12 Queen Street, Auckland 1010',
  country: 'New Zealand',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email,
  phone: '+64 21 555 0199',
  position: 'Director',
  password: 'Roast3d!Beans',
  expectedVolume: '10k_100k',
  businessPurpose: 'Online sales of roasted coffee beans to cafes and households.',
  termsAccepted: true,
  privacyAccepted: true,
  amlAccepted: true,
  marketingConsent: false,
});

/** An affiliate application body that passes every rule of spec 6 (register), with any field overridden. */
export const validAffiliateApplication = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Harbour Digital',
  website: 'https://harbour.example',
  businessType: 'marketing_agency',
  contactEmail: uniqueEmail('contact'),
  contactName: 'Tama Wiremu',
  phoneNumber: '+64 21 555 0142',
  businessDescription: 'A marketing agency in Auckland helping cafes and retailers grow their online sales.',
  marketingExperience: 'experienced',
  expectedReferrals: '4-8',
  ...overrides,
});
