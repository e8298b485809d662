import { PlusOutlined } from '@ant-design/icons';
import type { CreatedPos } from '@app/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { usePosSystems } from '../../hooks/useIntegrations';
import { PosCard } from './IntegrationCards';
import { IntegrationList } from './IntegrationList';
import { NewIntegrationSecrets } from './NewIntegrationSecrets';
import { PosForm } from './PosForm';

export function PosSystemsTab() {
  const posSystems = usePosSystems();
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<CreatedPos>();

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          POS Systems
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
            Add POS System
          </Button>
        )}
      </Flex>
      {formOpen && (
        <PosForm
          onCancel={() => setFormOpen(false)}
          onCreated={(pos) => {
            setFormOpen(false);
            setCreated(pos);
          }}
        />
      )}
      {created && (
        <NewIntegrationSecrets
          name={created.posName}
          ingestUrl={created.ingestUrl}
          signingSecret={created.signingSecret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <IntegrationList
        query={posSystems}
        title="POS Systems"
        noun="POS systems"
        emptyText="No POS systems connected yet."
        renderItem={(pos) => <PosCard pos={pos} />}
      />
    </Flex>
  );
}
