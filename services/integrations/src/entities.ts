import { CreateIntegrations1763942400500 } from '../migrations/1763942400500-create-integrations';
import { PosSyncedThrough1764115200700 } from '../migrations/1764115200700-pos-synced-through';
import { PaymentProcessor } from './integrations/payment-processor.entity';
import { PosIntegration } from './integrations/pos-integration.entity';
import { IntegratedTransaction } from './transactions/integrated-transaction.entity';

export const integrationsDatabase = {
  schema: 'integrations',
  entities: [PaymentProcessor, PosIntegration, IntegratedTransaction],
  migrations: [CreateIntegrations1763942400500, PosSyncedThrough1764115200700],
};
