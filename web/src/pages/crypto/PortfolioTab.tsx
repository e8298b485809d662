import { cryptoMessages } from '@app/contracts';
import { Alert, Button, Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useGenerateWallet, useXrpAccount } from '../../hooks/useCrypto';
import { useToast } from '../../hooks/useToast';
import { formatDateTime, formatXrp } from './format';
import { SeedNotice } from './SeedNotice';
import { useWalletSession, type WalletActivity } from './WalletSession';

/** The wallet's holdings as the XRP Ledger reports them, and what it did in this session. */
export function PortfolioTab() {
  const { wallet, seedShown, hideSeed, activity } = useWalletSession();
  return (
    <Flex vertical gap={16}>
      {wallet ? (
        <>
          {seedShown && <SeedNotice seed={wallet.seed} onSaved={hideSeed} />}
          <Holdings address={wallet.address} />
          <Activity entries={activity} />
        </>
      ) : (
        <GenerateWallet />
      )}
    </Flex>
  );
}

export function GenerateWallet() {
  const { setWallet } = useWalletSession();
  const generate = useGenerateWallet();
  const { toast } = useToast();
  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (created) => {
        setWallet(created);
        toast({
          title: 'Wallet Generated',
          description: `Your XRP Ledger address is ${created.address}.`,
          variant: 'success',
        });
      },
      onError: () => toast({ ...cryptoMessages.walletFailed, variant: 'destructive' }),
    });

  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <Typography.Text strong>No wallet in this session</Typography.Text>
          <Typography.Text type="secondary">
            Generate an XRP Ledger wallet to receive, send and hold XRP in escrow. You will see its seed once.
          </Typography.Text>
        </Flex>
      }
    >
      <Button type="primary" loading={generate.isPending} onClick={onGenerate}>
        {generate.isPending ? 'Generating...' : 'Generate XRP Wallet'}
      </Button>
    </Empty>
  );
}

function Holdings({ address }: { address: string }) {
  const account = useXrpAccount(address);
  const { toast } = useToast();
  useEffect(() => {
    if (account.isError) {
      toast({
        title: cryptoMessages.connectionFailed.title,
        description: 'Unable to read the wallet balance from the XRP Ledger. Please try again.',
        variant: 'destructive',
      });
    }
  }, [account.isError, toast]);

  const balance = account.isPending
    ? 'Loading...'
    : account.isError
      ? 'Unavailable'
      : account.data.funded
        ? formatXrp(account.data.balanceXrp)
        : `${formatXrp('0')} (not activated)`;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          Holdings
        </Typography.Title>
        <Button onClick={() => void account.refetch()} loading={account.isFetching}>
          Refresh
        </Button>
      </Flex>
      <Table
        rowKey="symbol"
        pagination={false}
        dataSource={[{ symbol: 'XRP', currency: 'XRP', network: 'XRP Ledger' }]}
        columns={[
          { title: 'Currency', dataIndex: 'currency' },
          { title: 'Balance', key: 'balance', render: () => <span data-testid="xrp-balance">{balance}</span> },
          {
            title: 'USD Value',
            key: 'usd',
            render: () => (
              <Tooltip title="Price not available: no XRP price source is connected.">
                <span aria-label="USD value: price not available">—</span>
              </Tooltip>
            ),
          },
          { title: 'Network', dataIndex: 'network' },
        ]}
      />
      {account.data && !account.data.funded && (
        <Alert
          type="info"
          showIcon
          title="This address is not activated on the ledger yet"
          description="An XRP Ledger account comes into being when it receives at least 10 XRP, the minimum reserve. Share the address from the Receive tab to fund it."
        />
      )}
      {account.data?.funded && (
        <Typography.Text type="secondary">
          {formatXrp(account.data.reserveXrp)} of the balance is the ledger&apos;s reserve and cannot be sent.
        </Typography.Text>
      )}
      {account.isError && <Alert type="error" showIcon title="Unable to read the balance from the XRP Ledger." />}
    </Flex>
  );
}

const activityColors: Record<WalletActivity['status'], string> = {
  confirmed: 'success',
  pending: 'cyan',
  failed: 'error',
};

function Activity({ entries }: { entries: WalletActivity[] }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
        Activity in this session
      </Typography.Title>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">No payments or escrows from this wallet yet.</Typography.Text>
      ) : (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={entries}
          columns={[
            { title: 'Type', dataIndex: 'description' },
            { title: 'Amount', dataIndex: 'amount', render: (amount: string) => formatXrp(amount) },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: WalletActivity['status']) => <Tag color={activityColors[status]}>{status}</Tag>,
            },
            {
              title: 'Transaction',
              dataIndex: 'hash',
              render: (hash?: string) =>
                hash ? (
                  <Typography.Text code ellipsis={{ tooltip: hash }} style={{ maxWidth: 160 }}>
                    {hash}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            { title: 'Time', dataIndex: 'timestamp', render: (timestamp: string) => formatDateTime(timestamp) },
          ]}
        />
      )}
    </Flex>
  );
}
