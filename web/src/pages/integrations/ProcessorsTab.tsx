import type { CreatedProcessor } from '@app/contracts';
import { usePaymentProcessors } from '../../hooks/useIntegrations';
import { ProcessorCard } from './IntegrationCards';
import { IntegrationTab } from './IntegrationTab';
import { ProcessorForm } from './ProcessorForm';

export function ProcessorsTab() {
  return (
    <IntegrationTab
      query={usePaymentProcessors()}
      title="Payment Processors"
      noun="payment processors"
      emptyText="No payment processors connected yet."
      addLabel="Add Processor"
      renderForm={(handlers) => <ProcessorForm {...handlers} />}
      nameOf={(created: CreatedProcessor) => created.processorName}
      renderItem={(processor) => <ProcessorCard processor={processor} />}
    />
  );
}
