import { SendOutlined } from '@ant-design/icons';
import {
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
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
  Result,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../../hooks/useWebhookEndpoints';
import { useToast } from '../../hooks/useToast';

const deliveryStatusTags: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'default' },
  retrying: { label: 'Retrying', color: 'warning' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
/** "Jan 5, 2026, 3:04:05 PM" from an ISO time; the raw text when it is not one. */
export function formatDeliveryTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;

/** The secret of a new or rotated endpoint: shown this once, with a copy button. */
function SecretModal({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecret | null; onClose: () => void }) {
  return (
    <Modal
      open={endpoint !== null}
      title="Signing secret"
      onCancel={onClose}
      // Gone from the page once closed, not kept hidden with the secret in it.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {endpoint && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={webhookMessages.secretOnce} />
          <Typography.Text>
            Deliveries to <Typography.Text code>{endpoint.url}</Typography.Text> carry an{' '}
            <Typography.Text code>X-Webhook-Signature: t=…,v1=…</Typography.Text> header: the HMAC-SHA256 of the
            timestamp, a dot and the raw body, keyed with this secret.
          </Typography.Text>
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong>Signing secret</Typography.Text>
            <CopyButton text={endpoint.signingSecret} label="Signing secret" copiedTitle={webhookMessages.copied} />
          </Flex>
          <pre className="code-block" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <code>{endpoint.signingSecret}</code>
          </pre>
        </Flex>
      )}
    </Modal>
  );
}

interface EndpointFormValues {
  url?: string;
  eventTypes?: WebhookEventType[];
}

const eventOptions = webhookEventTypes.map((type) => ({
  value: type,
  label: (
    <span>
      <Typography.Text code>{type}</Typography.Text> {webhookEventLabels[type]}
    </span>
  ),
}));

/** The add-endpoint form; the created endpoint (with its secret) goes to `onCreated`. */
function AddEndpointModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const [form] = Form.useForm<EndpointFormValues>();
  const create = useCreateWebhookEndpoint();
  const { toast } = useToast();

  const submit = (values: EndpointFormValues) =>
    create.mutate(
      { url: values.url?.trim() ?? '', eventTypes: values.eventTypes ?? [] },
      {
        onSuccess: (created) => {
          toast({ title: webhookMessages.endpointAdded, description: created.url, variant: 'success' });
          form.resetFields();
          onCreated(created);
        },
        onError: (error) => {
          const message = errorText(error, 'Failed to add the endpoint. Please try again.');
          // A refused URL (private address, bad scheme) is shown under the URL field.
          if (error instanceof ApiError && error.status === 400) {
            const field = error.details.find((detail) => detail.path === 'eventTypes') ? 'eventTypes' : 'url';
            form.setFields([{ name: field, errors: [message] }]);
          } else toast({ title: 'Endpoint Not Added', description: message, variant: 'destructive' });
        },
      },
    );

  return (
    <Modal
      open={open}
      title="Add webhook endpoint"
      onCancel={onClose}
      okText="Add endpoint"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="webhook-endpoint"
        layout="vertical"
        requiredMark={false}
        initialValues={{ eventTypes: ['transaction.recorded'] }}
        onFinish={submit}
      >
        <Form.Item
          name="url"
          label="Endpoint URL"
          rules={[{ required: true, whitespace: true, message: 'Endpoint URL is required' }]}
        >
          <Input type="url" placeholder="https://example.com/webhooks" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="eventTypes"
          label="Events to send"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event type' }]}
        >
          <Checkbox.Group options={eventOptions} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One endpoint's deliveries, newest first, with Resend. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendWebhookDelivery();
  const { toast } = useToast();

  if (deliveries.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin size="small" />
        <Typography.Text>Loading deliveries...</Typography.Text>
      </Flex>
    );
  }
  if (deliveries.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load deliveries"
        action={
          <Button size="small" onClick={() => void deliveries.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Typography.Text type="secondary">No deliveries yet. Send a test event to try the endpoint.</Typography.Text>
    );
  }

  const resendOne = (delivery: WebhookDeliveryView) =>
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => toast({ title: webhookMessages.resent, variant: 'success' }),
        onError: (error) =>
          toast({
            title: 'Resend Failed',
            description: errorText(error, 'Failed to resend the delivery. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Table<WebhookDeliveryView>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={deliveries.data}
      aria-label={`Deliveries to ${endpoint.url}`}
      columns={[
        {
          title: 'Event',
          dataIndex: 'eventType',
          render: (type: string) => <Typography.Text code>{type}</Typography.Text>,
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: WebhookDeliveryStatus) => (
            <Tag color={deliveryStatusTags[status].color}>{deliveryStatusTags[status].label}</Tag>
          ),
        },
        {
          title: 'Code',
          dataIndex: 'lastStatusCode',
          render: (code: number | null, delivery) => code ?? (delivery.lastError ? '—' : ''),
        },
        {
          title: 'Latency',
          dataIndex: 'lastLatencyMs',
          render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
        },
        { title: 'Attempts', dataIndex: 'attempts' },
        {
          title: 'Time',
          dataIndex: 'updatedAt',
          render: (iso: string, delivery) => (
            <Flex vertical>
              <span>{formatDeliveryTime(iso)}</span>
              {delivery.lastError && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {delivery.lastError}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, delivery) => (
            <Button
              size="small"
              disabled={!endpoint.isActive}
              loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
              aria-label={`Resend ${delivery.eventType} delivery`}
              onClick={() => resendOne(delivery)}
            >
              Resend
            </Button>
          ),
        },
      ]}
    />
  );
}

/** The actions of one endpoint row: test event, active switch, rotate the secret, delete. */
function EndpointActions({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { modal } = App.useApp();
  const { toast } = useToast();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTestEvent();
  const failed = (title: string, fallback: string) => (error: unknown) =>
    toast({ title, description: errorText(error, fallback), variant: 'destructive' });

  const confirmRotate = () =>
    modal.confirm({
      title: 'Rotate the signing secret?',
      content: 'Every delivery from now on is signed with the new secret; the current one stops working at once.',
      okText: 'Rotate secret',
      onOk: () =>
        rotate
          .mutateAsync(endpoint.id, {
            onSuccess: (rotated) => {
              toast({ title: webhookMessages.secretRotated, variant: 'success' });
              onSecret(rotated);
            },
            onError: failed('Rotation Failed', 'Failed to rotate the secret. Please try again.'),
          })
          .catch(() => undefined),
    });

  const confirmDelete = () =>
    modal.confirm({
      title: 'Delete this endpoint?',
      content: `Nothing more is sent to ${endpoint.url}, and its delivery log is deleted.`,
      okText: 'Delete endpoint',
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync(endpoint.id, {
            onSuccess: () => toast({ title: webhookMessages.endpointDeleted, variant: 'success' }),
            onError: failed('Delete Failed', 'Failed to delete the endpoint. Please try again.'),
          })
          .catch(() => undefined),
    });

  return (
    <Flex gap={8} wrap align="center">
      <Switch
        size="small"
        checked={endpoint.isActive}
        loading={update.isPending}
        aria-label={`${endpoint.isActive ? 'Turn off' : 'Turn on'} ${endpoint.url}`}
        onChange={(isActive) =>
          update.mutate(
            { id: endpoint.id, isActive },
            { onError: failed('Update Failed', 'Failed to update the endpoint. Please try again.') },
          )
        }
      />
      <Button
        size="small"
        icon={<SendOutlined />}
        disabled={!endpoint.isActive}
        loading={test.isPending}
        onClick={() =>
          test.mutate(endpoint.id, {
            onSuccess: () => toast({ title: webhookMessages.testSent, variant: 'success' }),
            onError: failed('Test Event Failed', 'Failed to send a test event. Please try again.'),
          })
        }
      >
        Send test event
      </Button>
      <Button size="small" onClick={confirmRotate}>
        Rotate secret
      </Button>
      <Button size="small" danger onClick={confirmDelete}>
        Delete
      </Button>
    </Flex>
  );
}

/** Settings, Developer API: the merchant's outgoing webhook endpoints and their delivery logs. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);

  const showSecret = (endpoint: WebhookEndpointWithSecret) => {
    setAdding(false);
    setSecret(endpoint);
  };

  let body;
  if (endpoints.isPending) {
    body = (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading webhooks...</Typography.Text>
      </Flex>
    );
  } else if (endpoints.isError) {
    body = (
      <Result
        status="error"
        title="Error Loading Webhooks"
        subTitle="Failed to load your webhook endpoints. Please try again later."
        extra={
          <Button type="primary" loading={endpoints.isFetching} onClick={() => void endpoints.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  } else if (endpoints.data.length === 0) {
    body = (
      <Empty
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>No webhook endpoints yet</Typography.Text>
            <Typography.Text type="secondary">
              Add an endpoint to be told when a transaction is recorded, a charge completes and more.
            </Typography.Text>
          </Flex>
        }
      />
    );
  } else {
    body = (
      <Table<WebhookEndpointView>
        rowKey="id"
        pagination={false}
        dataSource={endpoints.data}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (endpoint) => <DeliveryLog endpoint={endpoint} />,
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              size="small"
              type="link"
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} deliveries to ${record.url}`}
              onClick={(event) => onExpand(record, event)}
            >
              {expanded ? 'Hide deliveries' : 'Deliveries'}
            </Button>
          ),
        }}
        columns={[
          {
            title: 'URL',
            dataIndex: 'url',
            render: (url: string, endpoint) => (
              <Flex vertical>
                <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                  {url}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Secret {endpoint.signingSecretHint}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'Events',
            dataIndex: 'eventTypes',
            render: (types: WebhookEventType[]) => (
              <Flex gap={4} wrap>
                {types.map((type) => (
                  <Tag key={type}>{type}</Tag>
                ))}
              </Flex>
            ),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_: unknown, endpoint) => (
              <Flex vertical gap={4} align="flex-start">
                <Tag color={endpoint.isActive ? 'success' : 'default'}>{endpoint.isActive ? 'Active' : 'Off'}</Tag>
                {endpoint.lastDeliveryStatus && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Last delivery: {deliveryStatusTags[endpoint.lastDeliveryStatus].label.toLowerCase()}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, endpoint) => <EndpointActions endpoint={endpoint} onSecret={setSecret} />,
          },
        ]}
      />
    );
  }

  return (
    <Card
      title="Webhooks"
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          We POST each event as signed JSON to your endpoints, retrying failed deliveries with growing pauses for 24
          hours. Endpoints must be public https URLs.
        </Typography.Text>
        {body}
      </Flex>
      <AddEndpointModal open={adding} onClose={() => setAdding(false)} onCreated={showSecret} />
      <SecretModal endpoint={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
