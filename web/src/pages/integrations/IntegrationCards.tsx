import { CreditCardOutlined, ShopOutlined } from '@ant-design/icons';
import { integrationLabels, integrationMessages, type PosView, type ProcessorView } from '@app/contracts';
import { Card, Collapse, Flex, Switch, Tag, Typography } from 'antd';
import { useToggleProcessor } from '../../hooks/useIntegrations';
import { useToast } from '../../hooks/useToast';
import { formatSyncDate, syncFrequencyLabels } from './format';
import { IngestionGuide, type GuideTarget } from './IngestionGuide';

/** The integration's ingestion guide, folded until asked for. */
function GuideSection({ target }: { target: GuideTarget }) {
  return (
    <Collapse
      ghost
      size="small"
      style={{ marginTop: 8 }}
      items={[{ key: 'guide', label: 'Delivery guide', children: <IngestionGuide target={target} /> }]}
    />
  );
}

function StatusTag({ active }: { active: boolean }) {
  return <Tag color={active ? 'success' : 'default'}>{active ? 'Active' : 'Inactive'}</Tag>;
}

function LastSync({ lastSync, lastSyncError }: Pick<ProcessorView, 'lastSync' | 'lastSyncError'>) {
  return (
    <>
      <Typography.Text type="secondary">Last sync: {formatSyncDate(lastSync)}</Typography.Text>
      {lastSyncError && <Typography.Text type="warning">Last sync failed: {lastSyncError}</Typography.Text>}
    </>
  );
}

/** Spec 2: icon, name, type, status, last sync and the active toggle. */
export function ProcessorCard({ processor }: { processor: ProcessorView }) {
  const toggle = useToggleProcessor();
  const { toast } = useToast();
  const { id, processorName, processorType, isActive } = processor;

  // Spec 8: a failed toggle shows no message; the refetch puts the switch back to the stored state.
  const changeActive = (checked: boolean) =>
    toggle.mutate(
      { id, isActive: checked },
      {
        onSuccess: (updated) =>
          toast({
            title: integrationMessages.statusUpdated,
            description: `${updated.processorName} is now ${updated.isActive ? 'active' : 'inactive'}.`,
            variant: 'success',
          }),
      },
    );

  return (
    <Card size="small" data-testid="processor-card">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex align="center" gap={12}>
          <CreditCardOutlined style={{ fontSize: 28 }} aria-hidden />
          <Flex vertical gap={2}>
            <Flex align="center" gap={8} wrap>
              <Typography.Text strong>{processorName}</Typography.Text>
              <StatusTag active={isActive} />
            </Flex>
            <Typography.Text type="secondary">{integrationLabels[processorType]}</Typography.Text>
            <LastSync lastSync={processor.lastSync} lastSyncError={processor.lastSyncError} />
          </Flex>
        </Flex>
        <Switch
          checked={isActive}
          loading={toggle.isPending}
          onChange={changeActive}
          aria-label={`${processorName} active`}
        />
      </Flex>
      <GuideSection
        target={{
          id,
          name: processorName,
          provider: processorType,
          kind: 'processor',
          ingestUrl: processor.ingestUrl,
          signingSecretHint: processor.signingSecretHint,
        }}
      />
    </Card>
  );
}

/** Spec 2: name, system, status, sync frequency and last sync; POS entries have no toggle. */
export function PosCard({ pos }: { pos: PosView }) {
  return (
    <Card size="small" data-testid="pos-card">
      <Flex align="center" gap={12}>
        <ShopOutlined style={{ fontSize: 28 }} aria-hidden />
        <Flex vertical gap={2}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{pos.posName}</Typography.Text>
            <StatusTag active={pos.isActive} />
          </Flex>
          <Typography.Text type="secondary">{integrationLabels[pos.posSystem]}</Typography.Text>
          <Typography.Text type="secondary">Sync: {syncFrequencyLabels[pos.syncFrequency]}</Typography.Text>
          <LastSync lastSync={pos.lastSync} lastSyncError={pos.lastSyncError} />
        </Flex>
      </Flex>
      <GuideSection
        target={{
          id: pos.id,
          name: pos.posName,
          provider: pos.posSystem,
          kind: 'pos',
          ingestUrl: pos.ingestUrl,
          signingSecretHint: pos.signingSecretHint,
        }}
      />
    </Card>
  );
}
