import {
  integrationLabels,
  integrationMessages,
  processorTypes,
  type CreatedProcessor,
  type ProcessorType,
} from '@app/contracts';
import { Col, Form, Input, Select } from 'antd';
import { PasswordInput } from '../../components/PasswordInput';
import { useCreateProcessor } from '../../hooks/useIntegrations';
import { optional } from './format';
import { IntegrationForm } from './IntegrationForm';

interface ProcessorFormValues {
  processorType: ProcessorType;
  processorName?: string;
  apiKey?: string;
  apiSecret?: string;
  webhookUrl?: string;
}

const fields = ['processorType', 'processorName', 'apiKey', 'apiSecret', 'webhookUrl'] as const;
const typeOptions = processorTypes.map((type) => ({ value: type, label: integrationLabels[type] }));

export function ProcessorForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedProcessor) => void;
  onCancel: () => void;
}) {
  return (
    <IntegrationForm
      name="processor"
      title="Add Payment Processor"
      submitLabel="Add Processor"
      initialValues={{ processorType: processorTypes[0] }}
      fields={fields}
      create={useCreateProcessor()}
      toRequest={(values: ProcessorFormValues) => ({
        processorType: values.processorType,
        processorName: optional(values.processorName),
        apiKey: values.apiKey?.trim() ?? '',
        apiSecret: optional(values.apiSecret),
        webhookUrl: optional(values.webhookUrl),
      })}
      addedTitle={integrationMessages.processorAdded}
      addedDescription={(created) => `${created.processorName} is connected.`}
      failedDescription={integrationMessages.processorFailed}
      onCreated={onCreated}
      onCancel={onCancel}
    >
      <Col xs={24} md={12}>
        <Form.Item name="processorType" label="Processor Type">
          <Select options={typeOptions} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="processorName" label="Processor Name">
          <Input placeholder="e.g. Online store" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="apiKey" label="API Key">
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="apiSecret" label="API Secret">
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="webhookUrl" label="Webhook URL">
          <Input type="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
      </Col>
    </IntegrationForm>
  );
}
