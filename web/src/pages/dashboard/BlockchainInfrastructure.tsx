import type { BlockchainStatus, EvmNetworkStatus } from '@app/contracts';
import { Card, ConfigProvider, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useBlockchainStatus } from '../../hooks/useDashboard';
import { formatCount, formatDateTime } from '../../lib/format';
import { LoadFailed } from './LoadFailed';

function StatusTag({ status }: { status: 'online' | 'offline' }) {
  return <Tag color={status === 'online' ? 'green' : 'red'}>{status === 'online' ? 'Online' : 'Offline'}</Tag>;
}

// antd's default label colour is below 4.5:1 on the dark cards; the theme's secondary text colour passes.
const descriptionsTheme = { components: { Descriptions: { labelColor: 'rgba(255, 255, 255, 0.7)' } } };

const orDash = (value: string | null) => value ?? '—';

function EvmNetwork({ name, network }: { name: string; network: EvmNetworkStatus }) {
  return (
    <Descriptions
      size="small"
      column={1}
      title={
        <Flex justify="space-between" align="center">
          <span>{name}</span>
          <StatusTag status={network.status} />
        </Flex>
      }
      items={[
        { key: 'gas', label: 'Gas price', children: network.gasPrice === null ? '—' : `${network.gasPrice} gwei` },
        {
          key: 'block-time',
          label: 'Block time',
          children: network.blockTime === null ? '—' : `${network.blockTime.toFixed(1)} s`,
        },
        {
          key: 'block',
          label: 'Latest block',
          children: network.latestBlock === null ? '—' : formatCount(network.latestBlock),
        },
      ]}
    />
  );
}

function XrpNetwork({ xrp }: { xrp: BlockchainStatus['xrp'] }) {
  return (
    <Descriptions
      size="small"
      column={1}
      title={
        <Flex justify="space-between" align="center">
          <span>XRP Ledger</span>
          <StatusTag status={xrp.status} />
        </Flex>
      }
      items={[
        { key: 'state', label: 'Server state', children: orDash(xrp.serverState) },
        {
          key: 'ledger',
          label: 'Ledger index',
          children: xrp.ledgerIndex === null ? '—' : formatCount(xrp.ledgerIndex),
        },
        { key: 'fee', label: 'Base fee', children: xrp.baseFee === null ? '—' : `${xrp.baseFee} XRP` },
      ]}
    />
  );
}

/** Spec 2 Blockchain Infrastructure: Polygon, XRP Ledger and Avalanche, as the server last read them. */
export function BlockchainInfrastructure({ title = 'Blockchain Infrastructure' }: { title?: string }) {
  const status = useBlockchainStatus();
  return (
    <Card title={title} style={{ height: '100%' }}>
      {status.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : status.isError ? (
        <LoadFailed what="Network status" onRetry={() => void status.refetch()} retrying={status.isFetching} />
      ) : (
        <Flex vertical gap={16}>
          <ConfigProvider theme={descriptionsTheme}>
            <EvmNetwork name="Polygon" network={status.data.polygon} />
            <XrpNetwork xrp={status.data.xrp} />
            <EvmNetwork name="Avalanche" network={status.data.avalanche} />
          </ConfigProvider>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Checked {formatDateTime(status.data.xrp.checkedAt)}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
