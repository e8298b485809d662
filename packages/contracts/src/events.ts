import type { DescMessage } from '@bufbuild/protobuf';
import {
  AffiliateApplicationSubmittedSchema,
  KycStatusChangedSchema,
  UserRegisteredSchema,
  UserVerifiedSchema,
} from './gen/platform/identity/v1/events_pb';
import {
  InvoiceDisputedSchema,
  InvoiceDisputeWonSchema,
  InvoicePaidSchema,
  InvoiceRefundedSchema,
  SubscriptionActivatedSchema,
} from './gen/platform/billing/v1/events_pb';
import { MailPreferencesChangedSchema, ProfileUpdatedSchema } from './gen/platform/profile/v1/events_pb';
import { ChatEscalatedSchema, ContactReceivedSchema } from './gen/platform/support/v1/events_pb';
import { TransactionRecordedSchema } from './gen/platform/integrations/v1/events_pb';
import {
  CommissionEarnedSchema,
  PayoutPaidSchema,
  PayoutRequestedSchema,
  ReferralAttributedSchema,
} from './gen/platform/affiliate/v1/events_pb';
import {
  ChargeCompletedSchema,
  ChargeFailedSchema,
  EscrowCancelledSchema,
  EscrowFinishedSchema,
} from './gen/platform/crypto/v1/events_pb';
import { ReportGeneratedSchema } from './gen/platform/reports/v1/events_pb';
import {
  ComplianceCheckedSchema,
  ContractDeployedSchema,
  InvestmentCompletedSchema,
  PropertySubmittedSchema,
} from './gen/platform/tokenization/v1/events_pb';

export * from './gen/platform/identity/v1/events_pb';
export * from './gen/platform/profile/v1/events_pb';
export * from './gen/platform/support/v1/events_pb';
export * from './gen/platform/billing/v1/events_pb';
export * from './gen/platform/integrations/v1/events_pb';
export * from './gen/platform/affiliate/v1/events_pb';
export * from './gen/platform/crypto/v1/events_pb';
export * from './gen/platform/reports/v1/events_pb';
export * from './gen/platform/tokenization/v1/events_pb';

/** Kafka topics, one per owning service; the key of every message is the aggregate id. */
export const Topic = {
  IdentityEvents: 'identity.events.v1',
  ProfileEvents: 'profile.events.v1',
  SupportEvents: 'support.events.v1',
  BillingEvents: 'billing.events.v1',
  IntegrationsEvents: 'integrations.events.v1',
  AffiliateEvents: 'affiliate.events.v1',
  CryptoEvents: 'crypto.events.v1',
  ReportsEvents: 'reports.events.v1',
  TokenizationEvents: 'tokenization.events.v1',
} as const;
export type Topic = (typeof Topic)[keyof typeof Topic];

/** Every event type, the topic it travels on and its protobuf schema. */
export const eventCatalog = {
  UserRegistered: { topic: Topic.IdentityEvents, schema: UserRegisteredSchema },
  UserVerified: { topic: Topic.IdentityEvents, schema: UserVerifiedSchema },
  KycStatusChanged: { topic: Topic.IdentityEvents, schema: KycStatusChangedSchema },
  AffiliateApplicationSubmitted: { topic: Topic.IdentityEvents, schema: AffiliateApplicationSubmittedSchema },
  ProfileUpdated: { topic: Topic.ProfileEvents, schema: ProfileUpdatedSchema },
  MailPreferencesChanged: { topic: Topic.ProfileEvents, schema: MailPreferencesChangedSchema },
  ContactReceived: { topic: Topic.SupportEvents, schema: ContactReceivedSchema },
  ChatEscalated: { topic: Topic.SupportEvents, schema: ChatEscalatedSchema },
  SubscriptionActivated: { topic: Topic.BillingEvents, schema: SubscriptionActivatedSchema },
  InvoicePaid: { topic: Topic.BillingEvents, schema: InvoicePaidSchema },
  InvoiceRefunded: { topic: Topic.BillingEvents, schema: InvoiceRefundedSchema },
  InvoiceDisputed: { topic: Topic.BillingEvents, schema: InvoiceDisputedSchema },
  InvoiceDisputeWon: { topic: Topic.BillingEvents, schema: InvoiceDisputeWonSchema },
  TransactionRecorded: { topic: Topic.IntegrationsEvents, schema: TransactionRecordedSchema },
  ReferralAttributed: { topic: Topic.AffiliateEvents, schema: ReferralAttributedSchema },
  CommissionEarned: { topic: Topic.AffiliateEvents, schema: CommissionEarnedSchema },
  PayoutRequested: { topic: Topic.AffiliateEvents, schema: PayoutRequestedSchema },
  PayoutPaid: { topic: Topic.AffiliateEvents, schema: PayoutPaidSchema },
  ChargeCompleted: { topic: Topic.CryptoEvents, schema: ChargeCompletedSchema },
  ChargeFailed: { topic: Topic.CryptoEvents, schema: ChargeFailedSchema },
  EscrowFinished: { topic: Topic.CryptoEvents, schema: EscrowFinishedSchema },
  EscrowCancelled: { topic: Topic.CryptoEvents, schema: EscrowCancelledSchema },
  ReportGenerated: { topic: Topic.ReportsEvents, schema: ReportGeneratedSchema },
  PropertySubmitted: { topic: Topic.TokenizationEvents, schema: PropertySubmittedSchema },
  ComplianceChecked: { topic: Topic.TokenizationEvents, schema: ComplianceCheckedSchema },
  ContractDeployed: { topic: Topic.TokenizationEvents, schema: ContractDeployedSchema },
  InvestmentCompleted: { topic: Topic.TokenizationEvents, schema: InvestmentCompletedSchema },
} as const satisfies Record<string, { topic: Topic; schema: DescMessage }>;
export type EventType = keyof typeof eventCatalog;

/** Kafka message headers carried by every event. */
export const EventHeader = {
  Id: 'event-id',
  Type: 'event-type',
  OccurredAt: 'occurred-at',
  RequestId: 'request-id',
} as const;
