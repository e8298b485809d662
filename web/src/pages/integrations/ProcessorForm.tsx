import {
  integrationLabels,
  integrationMessages,
  processorTypes,
  type CreatedProcessor,
  type ProcessorType,
} from '@app/contracts';
import { Button, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { PasswordInput } from '../../components/PasswordInput';
import { useCreateProcessor } from '../../hooks/useIntegrations';
import { useToast } from '../../hooks/useToast';
import { optional } from './format';
import { showServerFieldErrors } from './serverFieldErrors';

interface ProcessorFormValues {
  processorType: ProcessorType;
  processorName?: string;
  apiKey?: string;
  apiSecret?: string;
  webhookUrl?: string;
}

const fields = ['processorType', 'processorName', 'apiKey', 'apiSecret', 'webhookUrl'] as const;
const typeOptions = processorTypes.map((type) => ({ value: type, label: integrationLabels[type] }));

/** Spec 5: no required-field checks here; the server validates and the failure toast explains. */
export function ProcessorForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedProcessor) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<ProcessorFormValues>();
  const create = useCreateProcessor();
  const { toast } = useToast();

  const submit = (values: ProcessorFormValues) =>
    create.mutate(
      {
        processorType: values.processorType,
        processorName: optional(values.processorName),
        apiKey: values.apiKey?.trim() ?? '',
        apiSecret: optional(values.apiSecret),
        webhookUrl: optional(values.webhookUrl),
      },
      {
        onSuccess: (created) => {
          toast({
            title: integrationMessages.processorAdded,
            description: `${created.processorName} is connected.`,
            variant: 'success',
          });
          onCreated(created);
        },
        onError: (error) => {
          toast({
            title: integrationMessages.failedTitle,
            description: integrationMessages.processorFailed,
            variant: 'destructive',
          });
          showServerFieldErrors(form, error, fields);
        },
      },
    );

  return (
    <Card title="Add Payment Processor">
      <Form
        noValidate
        form={form}
        name="processor"
        layout="vertical"
        initialValues={{ processorType: processorTypes[0] }}
        onFinish={submit}
      >
        <Row gutter={16}>
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
        </Row>
        <Flex justify="flex-end" gap={12}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Processor'}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
