import {
  defaultSyncFrequency,
  integrationLabels,
  integrationMessages,
  posSystems,
  syncFrequencies,
  type CreatedPos,
  type PosSystem,
  type SyncFrequency,
} from '@app/contracts';
import { Button, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import { PasswordInput } from '../../components/PasswordInput';
import { useCreatePosSystem } from '../../hooks/useIntegrations';
import { useToast } from '../../hooks/useToast';
import { optional, syncFrequencyLabels } from './format';
import { showServerFieldErrors } from './serverFieldErrors';

interface PosFormValues {
  posSystem: PosSystem;
  posName?: string;
  apiKey?: string;
  locationId?: string;
  syncFrequency: SyncFrequency;
}

const fields = ['posSystem', 'posName', 'apiKey', 'locationId', 'syncFrequency'] as const;
const systemOptions = posSystems.map((system) => ({ value: system, label: integrationLabels[system] }));
const frequencyOptions = syncFrequencies.map((frequency) => ({
  value: frequency,
  label: syncFrequencyLabels[frequency],
}));

/** Spec 5: no required-field checks here; the server validates and the failure toast explains. */
export function PosForm({ onCreated, onCancel }: { onCreated: (created: CreatedPos) => void; onCancel: () => void }) {
  const [form] = Form.useForm<PosFormValues>();
  const create = useCreatePosSystem();
  const { toast } = useToast();

  const submit = (values: PosFormValues) =>
    create.mutate(
      {
        posSystem: values.posSystem,
        posName: optional(values.posName),
        apiKey: values.apiKey?.trim() ?? '',
        locationId: optional(values.locationId),
        syncFrequency: values.syncFrequency,
      },
      {
        onSuccess: (created) => {
          toast({
            title: integrationMessages.posAdded,
            description: `${created.posName} is connected.`,
            variant: 'success',
          });
          onCreated(created);
        },
        onError: (error) => {
          toast({
            title: integrationMessages.failedTitle,
            description: integrationMessages.posFailed,
            variant: 'destructive',
          });
          showServerFieldErrors(form, error, fields);
        },
      },
    );

  return (
    <Card title="Add POS System">
      <Form
        noValidate
        form={form}
        name="pos"
        layout="vertical"
        initialValues={{ posSystem: posSystems[0], syncFrequency: defaultSyncFrequency }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="posSystem" label="POS System">
              <Select options={systemOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="posName" label="POS Name">
              <Input placeholder="e.g. Queen Street store" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="apiKey" label="API Key">
              <PasswordInput autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="locationId" label="Location ID">
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="syncFrequency" label="Sync Frequency">
              <Select options={frequencyOptions} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end" gap={12}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add POS System'}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
