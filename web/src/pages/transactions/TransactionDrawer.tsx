import {
  integrationLabels,
  type IntegrationTransactionDetail,
  type PosSystem,
  type ProcessorType,
  type TransactionHistoryEntry,
  type TransactionWebhook,
} from '@app/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';
import { useIntegrationTransaction } from '../../hooks/useIntegrations';
import { formatDateTime, formatMoney, humanize } from '../../lib/format';

/** What each step of the history was: a refund is an update to refunded. */
export function historyLabel(entry: Pick<TransactionHistoryEntry, 'kind' | 'status'>): string {
  if (entry.kind === 'recorded') return entry.status ? `Recorded as ${humanize(entry.status)}` : 'Recorded';
  if (entry.status === 'refunded') return 'Refunded';
  return entry.status ? `Updated to ${humanize(entry.status)}` : 'Updated';
}

const webhookColors: Record<TransactionWebhook['status'], string> = {
  pending: 'gold',
  retrying: 'orange',
  succeeded: 'green',
  failed: 'red',
};

const providerLabel = (provider: string) => integrationLabels[provider as ProcessorType | PosSystem] ?? provider;

function Json({ label, value }: { label: string; value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{label}</Typography.Text>
        <CopyButton text={text} label={label} copiedTitle="Copied" />
      </Flex>
      <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        <code>{text}</code>
      </pre>
    </Flex>
  );
}

function Detail({ transaction }: { transaction: IntegrationTransactionDetail }) {
  return (
    <Flex vertical gap={24}>
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {formatMoney(transaction.amount, transaction.currency)}
        </Typography.Title>
        <Tag>{humanize(transaction.status)}</Tag>
        {transaction.test && <Tag color="purple">Test</Tag>}
      </Flex>
      {transaction.test && (
        <Alert
          type="info"
          showIcon
          title="A test delivery: not a sale, never counted in your volume, reports or analytics."
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'id', label: 'Transaction ID', children: <Typography.Text code>{transaction.id}</Typography.Text> },
          {
            key: 'external',
            label: "Provider's ID",
            children: <Typography.Text code>{transaction.externalTransactionId}</Typography.Text>,
          },
          {
            key: 'integration',
            label: 'Integration',
            children: `${transaction.integrationName ?? 'Removed integration'} (${providerLabel(transaction.provider)})`,
          },
          { key: 'method', label: 'Payment method', children: humanize(transaction.paymentMethod) },
          { key: 'country', label: 'Country', children: transaction.country ?? '—' },
          { key: 'occurred', label: 'Occurred', children: formatDateTime(transaction.occurredAt) },
          { key: 'recorded', label: 'Recorded', children: formatDateTime(transaction.recordedAt) },
        ]}
      />
      <section aria-label="Event history">
        <Typography.Title level={4}>Event history</Typography.Title>
        <Timeline
          items={transaction.history.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            content: (
              <Flex vertical>
                <Typography.Text strong>{historyLabel(entry)}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
              </Flex>
            ),
          }))}
        />
      </section>
      <section aria-label="Webhooks sent">
        <Typography.Title level={4}>Webhooks sent</Typography.Title>
        {transaction.webhooks.length === 0 ? (
          <Typography.Text type="secondary">
            None: no webhook endpoint of yours subscribes to transaction events (Settings → Developer).
          </Typography.Text>
        ) : (
          <Flex vertical gap={12} role="list">
            {transaction.webhooks.map((webhook) => (
              <div role="listitem" key={webhook.id}>
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text code>{webhook.eventType}</Typography.Text>
                    <Tag color={webhookColors[webhook.status]}>{humanize(webhook.status)}</Tag>
                  </Flex>
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {webhook.endpointUrl}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {webhook.attempts} attempt{webhook.attempts === 1 ? '' : 's'}
                    {webhook.lastStatusCode !== null ? `, last answer HTTP ${webhook.lastStatusCode}` : ''} ·{' '}
                    {formatDateTime(webhook.deliveredAt ?? webhook.createdAt)}
                  </Typography.Text>
                </Flex>
              </div>
            ))}
          </Flex>
        )}
      </section>
      <section aria-label="Provider's fields">
        <Typography.Title level={4}>Provider&apos;s fields</Typography.Title>
        <Flex vertical gap={12}>
          {transaction.customer && <Json label="Customer" value={transaction.customer} />}
          {transaction.product && <Json label="Product" value={transaction.product} />}
          {transaction.location && <Json label="Location" value={transaction.location} />}
          <Json label="Delivery as received" value={transaction.raw} />
        </Flex>
      </section>
    </Flex>
  );
}

interface TransactionDrawerProps {
  /** The integrations transaction id; the drawer is open while set. */
  transactionId: string | undefined;
  onClose: () => void;
}

/** A reported transaction's detail: its fields, the provider's as received, its history and webhooks. */
export function TransactionDrawer({ transactionId, onClose }: TransactionDrawerProps) {
  const query = useIntegrationTransaction(transactionId);
  return (
    <Drawer open={Boolean(transactionId)} onClose={onClose} title="Transaction details" size="large" destroyOnHidden>
      {query.isPending ? (
        <Flex align="center" gap={12} role="status">
          <Spin />
          <Typography.Text>Loading transaction...</Typography.Text>
        </Flex>
      ) : query.isError ? (
        <Empty description="This transaction could not be loaded.">
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Empty>
      ) : (
        <Detail transaction={query.data} />
      )}
    </Drawer>
  );
}
