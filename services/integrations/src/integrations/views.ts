import { integrationWebhookPath, type PosView, type ProcessorView } from '@app/contracts';
import type { Credentials } from './credentials';
import type { PaymentProcessor } from './payment-processor.entity';
import type { PosIntegration } from './pos-integration.entity';

const common = (credentials: Credentials, entry: PaymentProcessor | PosIntegration) => ({
  id: entry.id,
  isActive: entry.isActive,
  configuration: entry.configuration,
  lastSync: entry.lastSync?.toISOString() ?? null,
  lastSyncError: entry.lastSyncError,
  createdAt: entry.createdAt.toISOString(),
  ingestUrl: integrationWebhookPath(entry.id),
  signingSecretHint: credentials.hint(entry.id, 'signingSecret', entry.signingSecret),
  apiKey: credentials.hint(entry.id, 'apiKey', entry.apiKey),
});

/** What the API shows of a processor: credentials masked to their last 4 characters. */
export const processorView = (credentials: Credentials, processor: PaymentProcessor): ProcessorView => ({
  ...common(credentials, processor),
  processorType: processor.processorType,
  processorName: processor.processorName,
  apiSecret: processor.apiSecret ? credentials.hint(processor.id, 'apiSecret', processor.apiSecret) : null,
  webhookUrl: processor.webhookUrl,
});

export const posView = (credentials: Credentials, pos: PosIntegration): PosView => ({
  ...common(credentials, pos),
  posSystem: pos.posSystem,
  posName: pos.posName,
  locationId: pos.locationId,
  syncFrequency: pos.syncFrequency,
});
