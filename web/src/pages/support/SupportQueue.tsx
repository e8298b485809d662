import type { SupportConversationStatus, SupportQueueItem } from '@app/contracts';
import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Table, Typography, theme, type TableColumnsType } from 'antd';
import { ApiError } from '../../api/client';
import { useSupportQueue, useTicketAction } from '../../hooks/useSupport';
import { useToast } from '../../hooks/useToast';
import { formatDuration, queueItemSla, waitingNow } from './format';
import { assigneeLabel, PriorityTag, SlaLabel, SupportStatusTag } from './labels';
import { useNow } from './useNow';

const emptyTexts: Record<SupportConversationStatus | 'all', string> = {
  pending: 'No conversations waiting',
  open: 'No open conversations',
  resolved: 'No resolved conversations',
  all: 'No conversations waiting',
};

const serverText = (error: unknown): string =>
  (error instanceof ApiError && error.serverMessage) || 'Please try again.';

function TicketActions({ item, agentId }: { item: SupportQueueItem; agentId: string }) {
  const work = useTicketAction();
  const { toast } = useToast();
  const run = (action: 'claim' | 'resolve') =>
    work.mutate(
      { id: item.id, action },
      {
        onError: (error) =>
          toast({
            title: action === 'claim' ? 'Claim Failed' : 'Resolve Failed',
            description: serverText(error),
            variant: 'destructive',
          }),
      },
    );
  if (item.status === 'pending') {
    return (
      <Button
        size="small"
        loading={work.isPending}
        onClick={() => run('claim')}
        aria-label={`Claim ticket ${item.summary}`}
      >
        Claim
      </Button>
    );
  }
  if (item.status === 'open' && item.assignedTo === agentId) {
    return (
      <Button
        size="small"
        loading={work.isPending}
        onClick={() => run('resolve')}
        aria-label={`Resolve ticket ${item.summary}`}
      >
        Resolve
      </Button>
    );
  }
  return null;
}

interface SupportQueueProps {
  /** undefined: every status. */
  status: SupportConversationStatus | undefined;
  agentId: string;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The inbox in the server's order (urgent first, then the longest waiting), re-read every 2 s. */
export function SupportQueue({ status, agentId, selectedId, onSelect }: SupportQueueProps) {
  const { token } = theme.useToken();
  const queue = useSupportQueue(status);
  const now = useNow(1_000);
  const receivedAt = queue.dataUpdatedAt;

  if (queue.isError && !queue.data) {
    return (
      <Result
        status="error"
        title="The support queue could not be loaded."
        subTitle={serverText(queue.error)}
        extra={
          <Button loading={queue.isFetching} onClick={() => void queue.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }

  const columns: TableColumnsType<SupportQueueItem> = [
    { title: 'Priority', dataIndex: 'priority', render: (_, item) => <PriorityTag priority={item.priority} /> },
    {
      title: 'Kind',
      dataIndex: 'kind',
      render: (_, item) => (
        <Flex gap={6} align="center">
          {item.kind === 'chat' ? <MessageOutlined aria-hidden /> : <MailOutlined aria-hidden />}
          {item.kind === 'chat' ? 'Chat' : 'Ticket'}
        </Flex>
      ),
    },
    {
      title: 'Summary',
      dataIndex: 'summary',
      render: (_, item) =>
        item.kind === 'chat' ? (
          // A real button: the conversation opens with Tab and Enter as well as a click.
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            aria-pressed={item.id === selectedId}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(item.id);
            }}
          >
            {item.summary}
          </Button>
        ) : (
          <Typography.Text>{item.summary}</Typography.Text>
        ),
    },
    {
      title: 'From',
      dataIndex: 'from',
      render: (from: string) => (
        <Typography.Text ellipsis style={{ maxWidth: 180 }} title={from}>
          {from}
        </Typography.Text>
      ),
    },
    { title: 'Status', dataIndex: 'status', render: (_, item) => <SupportStatusTag status={item.status} /> },
    { title: 'Waiting', key: 'waiting', render: (_, item) => formatDuration(waitingNow(item, now, receivedAt)) },
    { title: 'SLA', key: 'sla', render: (_, item) => <SlaLabel sla={queueItemSla(item, now, receivedAt)} /> },
    { title: 'Assigned to', dataIndex: 'assignedTo', render: (_, item) => assigneeLabel(item.assignedTo, agentId) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => (item.kind === 'ticket' ? <TicketActions item={item} agentId={agentId} /> : null),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {queue.isError && (
        <Alert
          type="warning"
          showIcon
          title="The queue could not be refreshed; it shows the last list read."
          description={serverText(queue.error)}
        />
      )}
      <Table<SupportQueueItem>
        aria-label="Support queue"
        rowKey={(item) => `${item.kind}-${item.id}`}
        size="middle"
        columns={columns}
        dataSource={queue.data?.items}
        loading={queue.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(item) =>
          item.kind === 'chat'
            ? {
                onClick: () => onSelect(item.id),
                style: {
                  cursor: 'pointer',
                  background: item.id === selectedId ? token.controlItemBgActive : undefined,
                },
              }
            : {}
        }
        // antd greys the empty text below 4.5:1 contrast; secondary text passes.
        locale={{ emptyText: <Typography.Text type="secondary">{emptyTexts[status ?? 'all']}</Typography.Text> }}
      />
    </Flex>
  );
}
