import { PlusOutlined } from '@ant-design/icons';
import type { CreatedProcessor } from '@app/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { usePaymentProcessors } from '../../hooks/useIntegrations';
import { ProcessorCard } from './IntegrationCards';
import { IntegrationList } from './IntegrationList';
import { NewIntegrationSecrets } from './NewIntegrationSecrets';
import { ProcessorForm } from './ProcessorForm';

export function ProcessorsTab() {
  const processors = usePaymentProcessors();
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<CreatedProcessor>();

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          Payment Processors
        </Typography.Title>
        {!formOpen && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => {
              setCreated(undefined);
              setFormOpen(true);
            }}
          >
            Add Processor
          </Button>
        )}
      </Flex>
      {formOpen && (
        <ProcessorForm
          onCancel={() => setFormOpen(false)}
          onCreated={(processor) => {
            setFormOpen(false);
            setCreated(processor);
          }}
        />
      )}
      {created && (
        <NewIntegrationSecrets
          name={created.processorName}
          ingestUrl={created.ingestUrl}
          signingSecret={created.signingSecret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <IntegrationList
        query={processors}
        title="Payment Processors"
        noun="payment processors"
        emptyText="No payment processors connected yet."
        renderItem={(processor) => <ProcessorCard processor={processor} />}
      />
    </Flex>
  );
}
