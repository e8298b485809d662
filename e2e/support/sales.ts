import { createdProcessorSchema, integrationSignatureHeader, integrationWebhookPath } from '@app/contracts';
import { signWebhook } from '@app/platform';
import type { BrowserContext } from 'playwright-core';

/** Reports one completed card sale through a processor's signed webhook, as the processor would. */
export async function reportSale(context: BrowserContext, amount: string): Promise<void> {
  const created = await context.request.post('/api/integrations/payment-processors', {
    data: { processorType: 'stripe', processorName: 'E2E analytics shop', apiKey: 'pk_live_e2e_analytics_0001' },
  });
  if (!created.ok()) throw new Error(`processor: ${created.status()} ${await created.text()}`);
  const processor = createdProcessorSchema.parse(await created.json());
  const body = JSON.stringify({
    externalTransactionId: `e2e-analytics-${Date.now()}`,
    amount,
    currency: 'USD',
    status: 'completed',
    paymentMethod: 'card',
    country: 'NZ',
    occurredAt: new Date().toISOString(),
  });
  const delivered = await context.request.post(integrationWebhookPath(processor.id), {
    headers: {
      'Content-Type': 'application/json',
      [integrationSignatureHeader]: signWebhook(processor.signingSecret, body),
    },
    data: body,
  });
  if (!delivered.ok()) throw new Error(`delivery: ${delivered.status()} ${await delivered.text()}`);
}
