import { ApiOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton';

function Snippet({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <CopyButton text={text} label={label} />
      </Flex>
      <pre className="code-block">
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** No keys are invented: the tab says plainly that none exist yet (the spec's were placeholders). */
export function DeveloperApiTab() {
  const baseUrl = `${window.location.origin}/api`;
  const authorization = 'Authorization: Bearer YOUR_API_KEY';
  const example = `curl ${baseUrl}/user/profile \\\n  -H "${authorization}"`;

  return (
    <Flex vertical gap={24}>
      <Card title="API Keys">
        <Empty
          image={<ApiOutlined style={{ fontSize: 40 }} aria-hidden />}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong>No API keys yet</Typography.Text>
              <Typography.Text type="secondary">
                API keys will be issued here when the developer API is available.
              </Typography.Text>
            </Flex>
          }
        />
      </Card>
      <Card title="Quick Start">
        <Flex vertical gap={16}>
          <Snippet label="Base URL" text={baseUrl} />
          <Snippet label="Authorization header" text={authorization} />
          <Snippet label="Example request" text={example} />
        </Flex>
      </Card>
    </Flex>
  );
}
