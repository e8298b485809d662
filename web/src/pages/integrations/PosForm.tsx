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
import { Col, Form, Input, Select } from 'antd';
import { PasswordInput } from '../../components/PasswordInput';
import { useCreatePosSystem } from '../../hooks/useIntegrations';
import { optional, syncFrequencyLabels } from './format';
import { IntegrationForm } from './IntegrationForm';

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

export function PosForm({ onCreated, onCancel }: { onCreated: (created: CreatedPos) => void; onCancel: () => void }) {
  return (
    <IntegrationForm
      name="pos"
      title="Add POS System"
      submitLabel="Add POS System"
      initialValues={{ posSystem: posSystems[0], syncFrequency: defaultSyncFrequency }}
      fields={fields}
      create={useCreatePosSystem()}
      toRequest={(values: PosFormValues) => ({
        posSystem: values.posSystem,
        posName: optional(values.posName),
        apiKey: values.apiKey?.trim() ?? '',
        locationId: optional(values.locationId),
        syncFrequency: values.syncFrequency,
      })}
      addedTitle={integrationMessages.posAdded}
      addedDescription={(created) => `${created.posName} is connected.`}
      failedDescription={integrationMessages.posFailed}
      onCreated={onCreated}
      onCancel={onCancel}
    >
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
    </IntegrationForm>
  );
}
