import { CreateIntegrations1763942400500 } from '../migrations/1763942400500-create-integrations';
import { PosSyncedThrough1764115200700 } from '../migrations/1764115200700-pos-synced-through';
import { CreateWebhookEndpoints1767225600500 } from '../migrations/1767225600500-create-webhook-endpoints';
import { TransactionHistory1767571200500 } from '../migrations/1767571200500-transaction-history';
import { PaymentProcessor } from './integrations/payment-processor.entity';
import { PosIntegration } from './integrations/pos-integration.entity';
import { IntegratedTransaction } from './transactions/integrated-transaction.entity';
import { TransactionHistory } from './transactions/transaction-history.entity';
import { WebhookDeliveryAttempt } from './webhook-endpoints/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './webhook-endpoints/webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoints/webhook-endpoint.entity';

export const integrationsDatabase = {
  schema: 'integrations',
  entities: [
    PaymentProcessor,
    PosIntegration,
    IntegratedTransaction,
    TransactionHistory,
    WebhookEndpoint,
    WebhookDelivery,
    WebhookDeliveryAttempt,
  ],
  migrations: [
    CreateIntegrations1763942400500,
    PosSyncedThrough1764115200700,
    CreateWebhookEndpoints1767225600500,
    TransactionHistory1767571200500,
  ],
};
