import { Alert, Button, Flex, Typography } from 'antd';
import { integrationMessages } from '@app/contracts';
import { CopyButton } from '../../components/CopyButton';

interface NewIntegrationSecretsProps {
  name: string;
  /** The path the provider posts deliveries to, e.g. /api/integrations/webhooks/{id}. */
  ingestUrl: string;
  signingSecret: string;
  onDone: () => void;
}

function SecretValue({ label, value }: { label: string; value: string }) {
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        <CopyButton text={value} label={label} copiedTitle={integrationMessages.copied} />
      </Flex>
      {/* Wrapped rather than scrolled: a narrow screen shows the whole value with nothing to scroll. */}
      <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <code>{value}</code>
      </pre>
    </Flex>
  );
}

/** What the provider needs to send signed transactions: shown once, the secret is not readable again. */
export function NewIntegrationSecrets({ name, ingestUrl, signingSecret, onDone }: NewIntegrationSecretsProps) {
  return (
    <Alert
      type="success"
      showIcon
      title={`${name} is connected`}
      description={
        <Flex vertical gap={12} style={{ marginTop: 8 }}>
          <Typography.Text>
            Point your provider&apos;s transaction webhooks at this URL and sign them with this secret. Copy the secret
            now: it is shown only once.
          </Typography.Text>
          <SecretValue label="Webhook URL" value={`${window.location.origin}${ingestUrl}`} />
          <SecretValue label="Signing secret" value={signingSecret} />
          <Flex justify="flex-end">
            <Button onClick={onDone}>Done</Button>
          </Flex>
        </Flex>
      }
    />
  );
}
