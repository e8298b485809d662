import { CreateBilling1763856000400 } from '../migrations/1763856000400-create-billing';
import { SubscriptionEventOrder1764979200400 } from '../migrations/1764979200400-subscription-event-order';
import { CryptoSubscriptions1767139200400 } from '../migrations/1767139200400-crypto-subscriptions';
import { CryptoPayment } from './crypto/crypto-payment.entity';
import { Customer } from './subscriptions/customer.entity';
import { Invoice } from './subscriptions/invoice.entity';
import { Subscription } from './subscriptions/subscription.entity';
import { ProcessedWebhookEvent } from './webhooks/processed-webhook-event.entity';

export const billingDatabase = {
  schema: 'billing',
  entities: [Customer, Subscription, Invoice, ProcessedWebhookEvent, CryptoPayment],
  migrations: [CreateBilling1763856000400, SubscriptionEventOrder1764979200400, CryptoSubscriptions1767139200400],
};
