import { DownloadOutlined, ReadOutlined } from '@ant-design/icons';
import { apiKeyMessages } from '@app/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';
import { ApiKeysCard } from './ApiKeysCard';
import { WebhooksCard } from './WebhooksCard';

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <CopyButton text={text} label={label} copiedTitle={apiKeyMessages.copied} />
      </Flex>
      <pre className="code-block">
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** The SDK's package (scripts/api/pack-sdk.mjs), served with the web app. */
const SDK_DOWNLOAD_PATH = '/downloads/payments-platform-sdk.tgz';

/** Settings → Developer API (spec 2.8): the user's API keys, a quick start, the reference, webhooks. */
export function DeveloperApiTab() {
  const baseUrl = `${window.location.origin}/api`;
  const authorization = 'Authorization: Bearer YOUR_API_KEY';
  const example = `curl ${baseUrl}/transactions \\\n  -H "${authorization}"`;
  const sdk = `${window.location.origin}${SDK_DOWNLOAD_PATH}`;

  return (
    <Flex vertical gap={24}>
      <ApiKeysCard />
      <Card
        title="Quick Start"
        extra={
          <Flex gap={8} wrap>
            {/* The reference the gateway serves (built from the same route descriptions as the API). */}
            <Button href="/api/docs" target="_blank" rel="noopener noreferrer" icon={<ReadOutlined aria-hidden />}>
              API Documentation
            </Button>
            {/* The TypeScript SDK generated from that reference, packed at build time. */}
            <Button href={SDK_DOWNLOAD_PATH} download icon={<DownloadOutlined aria-hidden />}>
              Download SDK
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={16}>
          <Snippet label="Base URL" text={baseUrl} />
          <Snippet label="Authorization header" text={authorization} />
          <Snippet label="Example request" text={example} />
          <Snippet label="Install the TypeScript SDK" text={`npm install ${sdk}`} />
        </Flex>
      </Card>
      <WebhooksCard />
    </Flex>
  );
}
