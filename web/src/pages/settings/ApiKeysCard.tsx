import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  apiKeyMessages,
  apiKeyModeLabels,
  apiKeyModes,
  apiKeyScopeHints,
  apiKeyScopeLabels,
  apiKeyScopes,
  createApiKeyRequestSchema,
  type ApiKeyMode,
  type ApiKeyScopeName,
  type ApiKeyView,
  type CreatedApiKey,
} from '@app/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Spin,
  Tag,
  Typography,
  type InputRef,
} from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../../hooks/useApiKeys';
import { useToast } from '../../hooks/useToast';
import { formatDateTime } from '../../lib/format';
import { zodRule } from '../../lib/zodRule';

interface GenerateValues {
  name: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScopeName[];
}

/** A key just issued, with the key it replaces when it came from a rotation. */
interface Issued {
  key: CreatedApiKey;
  replaces?: ApiKeyView;
}

const formFields = ['name', 'mode', 'scopes'] as const;
const modeColors: Record<ApiKeyMode, string> = { live: 'green', test: 'gold' };
const { shape } = createApiKeyRequestSchema;

const failureText = (error: unknown) =>
  (error instanceof ApiError && error.serverMessage) || 'Please try again in a moment.';

/**
 * Settings → Developer API: the user's API keys, masked, with their mode, scopes and created and
 * last-used times; generate, rotate and revoke. A key is shown in full once, right after it is
 * issued; the list can only show its mask, so there is nothing there to copy.
 */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [formOpen, setFormOpen] = useState(false);
  const [issued, setIssued] = useState<Issued>();

  return (
    <Card
      title="API Keys"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setFormOpen(true)}>
          Generate New Key
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Your programs call the API with a key in the Authorization header. Live keys act on your real data; test keys
          cannot move money (charges, escrows, payouts).
        </Typography.Text>
        <KeyList query={keys} onRotated={setIssued} />
      </Flex>
      <GenerateKeyModal
        open={formOpen}
        onCancel={() => setFormOpen(false)}
        onCreated={(key) => {
          setFormOpen(false);
          setIssued({ key });
        }}
      />
      <IssuedKeyModal issued={issued} onDone={() => setIssued(undefined)} />
    </Card>
  );
}

function KeyList({ query, onRotated }: { query: ReturnType<typeof useApiKeys>; onRotated: (issued: Issued) => void }) {
  const { modal } = App.useApp();
  const { toast } = useToast();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();

  if (query.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading API keys...</Typography.Text>
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title="Error Loading API Keys"
        subTitle="Failed to load your API keys. Please try again."
        extra={
          <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <Empty
        image={<KeyOutlined style={{ fontSize: 40 }} aria-hidden />}
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>No API keys yet</Typography.Text>
            <Typography.Text type="secondary">Generate a key to call the API from your own programs.</Typography.Text>
          </Flex>
        }
      />
    );
  }

  const confirmRotate = (key: ApiKeyView) =>
    modal.confirm({
      title: `Rotate ${key.name}?`,
      content:
        'A new key with the same name, mode and scopes is issued. The current key keeps working for a short overlap so you can switch your programs over; after that it is refused.',
      okText: 'Rotate',
      cancelText: 'Cancel',
      // The toasts and the new key's dialog report the outcome; this dialog closes either way.
      onOk: () =>
        rotate
          .mutateAsync(key.id, {
            onSuccess: (created) => {
              toast({ title: apiKeyMessages.rotated, description: `${key.name} has a new key.`, variant: 'success' });
              onRotated({ key: created, replaces: key });
            },
            onError: (error) =>
              toast({ title: apiKeyMessages.failedTitle, description: failureText(error), variant: 'destructive' }),
          })
          .catch(() => undefined),
    });

  const confirmRevoke = (key: ApiKeyView) =>
    modal.confirm({
      title: `Revoke ${key.name}?`,
      content: 'Calls with this key are refused within seconds. This cannot be undone.',
      okText: 'Revoke',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        revoke
          .mutateAsync(key.id, {
            onSuccess: () =>
              toast({ title: apiKeyMessages.revoked, description: `${key.name} no longer works.`, variant: 'success' }),
            onError: (error) =>
              toast({ title: apiKeyMessages.failedTitle, description: failureText(error), variant: 'destructive' }),
          })
          .catch(() => undefined),
    });

  return (
    <Flex vertical gap={12} role="list" aria-label="API keys">
      {query.data.map((key) => (
        <div role="listitem" key={key.id}>
          <KeyRow apiKey={key} onRotate={() => confirmRotate(key)} onRevoke={() => confirmRevoke(key)} />
        </div>
      ))}
    </Flex>
  );
}

function KeyRow({ apiKey, onRotate, onRevoke }: { apiKey: ApiKeyView; onRotate: () => void; onRevoke: () => void }) {
  return (
    <Card size="small" data-testid="api-key">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{apiKey.name}</Typography.Text>
            <Tag color={modeColors[apiKey.mode]}>{apiKeyModeLabels[apiKey.mode]}</Tag>
            {apiKey.scopes.map((scope) => (
              <Tag key={scope}>{apiKeyScopeLabels[scope]}</Tag>
            ))}
            {apiKey.status === 'expiring' && (
              <Tag color="orange">Rotated: works until {formatDateTime(apiKey.expiresAt)}</Tag>
            )}
          </Flex>
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            {apiKey.maskedKey}
          </Typography.Text>
          <Typography.Text type="secondary">
            Created {formatDateTime(apiKey.createdAt)} · Last used{' '}
            {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'never'}
          </Typography.Text>
        </Flex>
        <Flex gap={8}>
          {/* A rotated key already has its replacement: only revoking is left. */}
          {apiKey.status === 'active' && (
            <Button onClick={onRotate} aria-label={`Rotate ${apiKey.name}`}>
              Rotate
            </Button>
          )}
          {/* Not `danger` here: its red on the dark card is below AA contrast; the confirmation's button is. */}
          <Button onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function GenerateKeyModal({
  open,
  onCancel,
  onCreated,
}: {
  open: boolean;
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const [form] = Form.useForm<GenerateValues>();
  const nameInput = useRef<InputRef>(null);
  const create = useCreateApiKey();
  const { toast } = useToast();
  const scopes = Form.useWatch('scopes', form);

  const submit = (values: GenerateValues) =>
    create.mutate(
      { name: values.name, mode: values.mode, scopes: values.scopes },
      {
        onSuccess: (created) => {
          toast({ title: apiKeyMessages.created, description: `${created.name} is ready.`, variant: 'success' });
          form.resetFields();
          onCreated(created);
        },
        onError: (error) => {
          toast({ title: apiKeyMessages.failedTitle, description: failureText(error), variant: 'destructive' });
          // The fields the server refused, marked under their inputs ('scopes.0' marks the scopes).
          if (error instanceof ApiError) {
            const marks = error.details.flatMap((detail) => {
              const field = formFields.find((name) => name === detail.path.split('.')[0]);
              return field ? [{ name: field, errors: [detail.message] }] : [];
            });
            form.setFields(marks);
          }
        },
      },
    );

  return (
    <Modal
      open={open}
      title="Generate New Key"
      okText={create.isPending ? 'Generating...' : 'Generate Key'}
      okButtonProps={{ htmlType: 'submit', loading: create.isPending }}
      cancelText="Cancel"
      onCancel={onCancel}
      destroyOnHidden
      // The dialog takes focus when it opens: hand it to the first field, ready to type.
      afterOpenChange={(opened) => opened && nameInput.current?.focus()}
      modalRender={(dom) => (
        <Form
          form={form}
          name="api-key"
          layout="vertical"
          noValidate
          initialValues={{ mode: 'live', scopes: ['read'] }}
          onFinish={submit}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item name="name" label="Key name" required rules={[zodRule(shape.name)]}>
        <Input ref={nameInput} placeholder="e.g. Order sync" autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="mode" label="Mode">
        <Radio.Group
          options={apiKeyModes.map((mode) => ({ value: mode, label: apiKeyModeLabels[mode] }))}
          optionType="button"
        />
      </Form.Item>
      {/* No `required` mark: antd would put aria-required on the group's div, which ARIA does not allow. */}
      <Form.Item
        name="scopes"
        label="Scopes"
        rules={[zodRule(shape.scopes)]}
        extra={
          <ul className="scope-hints" style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
            {apiKeyScopes.map((scope) => (
              <li key={scope}>
                {apiKeyScopeLabels[scope]}: {apiKeyScopeHints[scope]}
              </li>
            ))}
          </ul>
        }
      >
        <Checkbox.Group options={apiKeyScopes.map((scope) => ({ value: scope, label: apiKeyScopeLabels[scope] }))} />
      </Form.Item>
      {/* Off by default: a leaked key with it could send the merchant's events anywhere. */}
      {scopes?.includes('webhooks') && <Alert type="warning" showIcon title={apiKeyMessages.webhooksScopeWarning} />}
    </Modal>
  );
}

/** The key in full, this once: copied from here or lost (a rotation or a new key is the way back). */
function IssuedKeyModal({ issued, onDone }: { issued: Issued | undefined; onDone: () => void }) {
  const keys = useApiKeys();
  // The replaced key's end of overlap, once the list has refetched after the rotation.
  const replacedUntil = issued?.replaces && keys.data?.find((key) => key.id === issued.replaces!.id)?.expiresAt;

  return (
    <Modal
      open={issued !== undefined}
      title={issued?.replaces ? `New key for ${issued.key.name}` : `Your new key: ${issued?.key.name ?? ''}`}
      closable={false}
      maskClosable={false}
      keyboard={false}
      // Once closed, the key leaves the page.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onDone}>
          Done
        </Button>
      }
    >
      {issued && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={apiKeyMessages.secretOnce} />
          <Flex justify="space-between" align="center" gap={8}>
            <Flex gap={8} align="center">
              <Typography.Text strong>API key</Typography.Text>
              <Tag color={modeColors[issued.key.mode]}>{apiKeyModeLabels[issued.key.mode]}</Tag>
            </Flex>
            <CopyButton text={issued.key.secret} label="API key" copiedTitle={apiKeyMessages.copied} />
          </Flex>
          {/* Wrapped rather than scrolled: a narrow screen shows the whole key. */}
          <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <code data-testid="new-api-key">{issued.key.secret}</code>
          </pre>
          {issued.replaces && (
            <Typography.Text type="secondary">
              The previous key keeps working
              {replacedUntil ? ` until ${formatDateTime(replacedUntil)}` : ' for a short while'}, so you can switch your
              programs over; then it is refused.
            </Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  );
}
