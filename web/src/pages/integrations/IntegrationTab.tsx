import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { IntegrationList, type IntegrationListProps } from './IntegrationList';
import { NewIntegrationSecrets } from './NewIntegrationSecrets';

interface Created {
  ingestUrl: string;
  signingSecret: string;
}

interface IntegrationTabProps<T, C extends Created> extends IntegrationListProps<T> {
  addLabel: string;
  /** The inline add form; it calls onCreated with the create response. */
  renderForm: (handlers: { onCancel: () => void; onCreated: (created: C) => void }) => ReactNode;
  nameOf: (created: C) => string;
}

/** One tab of the screen: title, add button with its inline form, the one-time secrets, the list. */
export function IntegrationTab<T extends { id: string }, C extends Created>({
  addLabel,
  renderForm,
  nameOf,
  ...list
}: IntegrationTabProps<T, C>) {
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<C>();

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {list.title}
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
            {addLabel}
          </Button>
        )}
      </Flex>
      {formOpen &&
        renderForm({
          onCancel: () => setFormOpen(false),
          onCreated: (next) => {
            setFormOpen(false);
            setCreated(next);
          },
        })}
      {created && (
        <NewIntegrationSecrets
          name={nameOf(created)}
          ingestUrl={created.ingestUrl}
          signingSecret={created.signingSecret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <IntegrationList {...list} />
    </Flex>
  );
}
