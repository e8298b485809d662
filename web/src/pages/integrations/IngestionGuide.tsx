import {
  integrationSignatureHeader,
  integrationSignatureSteps,
  sampleTransactionDelivery,
  transactionDeliveryFields,
  type SampleDeliveryResponse,
} from '@app/contracts';
import { Alert, Button, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { useSendSampleDelivery } from '../../hooks/useIntegrations';
import { TransactionDrawer } from '../transactions/TransactionDrawer';

export interface GuideTarget {
  id: string;
  name: string;
  provider: string;
  kind: 'processor' | 'pos';
  /** /api/integrations/webhooks/{id}. */
  ingestUrl: string;
  /** The signing secret masked, e.g. '••••a1b2' (shown in full once, when connected). */
  signingSecretHint: string;
}

/** The curl example: signs with openssl over exactly the bytes it sends. */
export function curlExample(url: string, body: string): string {
  return [
    `SECRET='whsec_...'  # your signing secret (shown once when you connected)`,
    `BODY='${body}'`,
    'T=$(date +%s)',
    `SIG=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -X POST '${url}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H "${integrationSignatureHeader}: t=$T,v1=$SIG" \\`,
    `  --data-raw "$BODY"`,
  ].join('\n');
}

/** The Node example (18+: fetch built in). */
export function nodeExample(url: string, body: string): string {
  return [
    "import { createHmac } from 'node:crypto';",
    '',
    'const secret = process.env.SIGNING_SECRET; // whsec_...: shown once when you connected',
    `const body = JSON.stringify(${body});`,
    'const t = Math.floor(Date.now() / 1000);',
    "const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');",
    '',
    `const response = await fetch('${url}', {`,
    "  method: 'POST',",
    `  headers: { 'content-type': 'application/json', '${integrationSignatureHeader}': \`t=\${t},v1=\${v1}\` },`,
    '  body,',
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
}

function Code({ label, text }: { label: string; text: string }) {
  return (
    <Flex vertical gap={4}>
      <Flex justify="flex-end">
        <CopyButton text={text} label={label} copiedTitle="Copied" />
      </Flex>
      <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        <code>{text}</code>
      </pre>
    </Flex>
  );
}

function SampleResult({ result, onOpen }: { result: SampleDeliveryResponse; onOpen: () => void }) {
  const outcome =
    result.outcome === 'recorded'
      ? 'Sample delivery recorded'
      : result.outcome === 'updated'
        ? 'Sample delivery updated a transaction'
        : 'Sample delivery was a duplicate';
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={outcome}
      description={
        <Flex vertical gap={8} style={{ marginTop: 4 }}>
          <Typography.Text>
            Transaction <Typography.Text code>{result.transactionId}</Typography.Text>, marked Test: it is not counted
            in your volume, reports or analytics.
          </Typography.Text>
          <Typography.Text>
            Sent with <Typography.Text code>{`${integrationSignatureHeader}: ${result.signature}`}</Typography.Text>
          </Typography.Text>
          <Code label="Sample body" text={JSON.stringify(result.body, null, 2)} />
          <div>
            <Button onClick={onOpen}>View transaction</Button>
          </div>
        </Flex>
      }
    />
  );
}

/**
 * How to send this integration's transactions: the URL, the body's fields, the signature and how
 * to compute it, curl and Node examples, and a button that sends a signed sample through ingestion.
 */
export function IngestionGuide({ target }: { target: GuideTarget }) {
  const send = useSendSampleDelivery();
  const [opened, setOpened] = useState<string>();
  const url = `${window.location.origin}${target.ingestUrl}`;
  const body = JSON.stringify(sampleTransactionDelivery(target.provider, target.kind));

  return (
    <Flex vertical gap={16} aria-label={`${target.name} ingestion guide`} role="region">
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>Delivery URL</Typography.Text>
          <CopyButton text={url} label="Delivery URL" copiedTitle="Copied" />
        </Flex>
        <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
          POST {url}
        </Typography.Text>
        <Typography.Text type="secondary">
          One transaction per request, as JSON, signed with this integration&apos;s signing secret (
          <Typography.Text code>{target.signingSecretHint}</Typography.Text>, shown in full once when you connected it).
        </Typography.Text>
      </Flex>

      <Flex vertical gap={4}>
        <Typography.Text strong>
          Signature header: <Typography.Text code>{integrationSignatureHeader}</Typography.Text>
        </Typography.Text>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {integrationSignatureSteps.map((step) => (
            <li key={step}>
              <Typography.Text>{step}</Typography.Text>
            </li>
          ))}
        </ol>
      </Flex>

      <Table
        size="small"
        rowKey="name"
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Delivery body fields"
        dataSource={[...transactionDeliveryFields]}
        columns={[
          {
            title: 'Field',
            dataIndex: 'name',
            render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
          },
          { title: 'Type', dataIndex: 'type' },
          {
            title: 'Required',
            dataIndex: 'required',
            render: (required: boolean) => (required ? <Tag color="blue">Required</Tag> : 'Optional'),
          },
          { title: 'Meaning', dataIndex: 'description' },
        ]}
      />

      <Tabs
        items={[
          { key: 'curl', label: 'curl', children: <Code label="curl example" text={curlExample(url, body)} /> },
          { key: 'node', label: 'Node', children: <Code label="Node example" text={nodeExample(url, body)} /> },
        ]}
      />

      <Flex vertical gap={8}>
        <Flex align="center" gap={12} wrap>
          <Button type="primary" loading={send.isPending} onClick={() => send.mutate(target.id)}>
            Send sample delivery
          </Button>
          <Typography.Text type="secondary">
            Signs a test transaction with this integration&apos;s secret and sends it through the same ingestion.
          </Typography.Text>
        </Flex>
        {send.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="The sample delivery was refused"
            description={(send.error instanceof ApiError && send.error.serverMessage) || 'Please try again.'}
          />
        )}
        {send.data && <SampleResult result={send.data} onOpen={() => setOpened(send.data.transactionId)} />}
      </Flex>
      <TransactionDrawer transactionId={opened} onClose={() => setOpened(undefined)} />
    </Flex>
  );
}
