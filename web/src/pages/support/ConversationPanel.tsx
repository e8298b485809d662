import type { SupportConversationResponse } from '@app/contracts';
import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useId, type Ref } from 'react';
import { ApiError } from '../../api/client';
import { useClaimConversation, useResolveConversation, useSupportConversation } from '../../hooks/useSupport';
import { useToast } from '../../hooks/useToast';
import { formatDateTime, humanize } from '../../lib/format';
import { AccountContext } from './AccountContext';
import { ContextMessages, ConversationMessages } from './ConversationMessages';
import { conversationSla, formatDuration } from './format';
import { assigneeLabel, PriorityTag, SlaLabel, SupportStatusTag } from './labels';
import { ReplyBox } from './ReplyBox';
import { useNow } from './useNow';

const serverText = (error: unknown): string =>
  (error instanceof ApiError && error.serverMessage) || 'Please try again.';

/** Claim (pending) and Resolve (open and the agent's); a refusal shows the server's reason. */
function ConversationActions({
  conversation,
  agentId,
}: {
  conversation: SupportConversationResponse;
  agentId: string;
}) {
  const claim = useClaimConversation();
  const resolve = useResolveConversation();
  const { toast } = useToast();
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: serverText(error), variant: 'destructive' });

  return (
    <Flex gap={8} wrap>
      {conversation.status === 'pending' && (
        <Button
          type="primary"
          loading={claim.isPending}
          onClick={() => claim.mutate(conversation.id, { onError: failed('Claim Failed') })}
        >
          Claim
        </Button>
      )}
      {conversation.status === 'open' && conversation.assignedTo === agentId && (
        <Button
          loading={resolve.isPending}
          onClick={() => resolve.mutate(conversation.id, { onError: failed('Resolve Failed') })}
        >
          Resolve
        </Button>
      )}
    </Flex>
  );
}

function ConversationDetails({
  conversation,
  agentId,
}: {
  conversation: SupportConversationResponse;
  agentId: string;
}) {
  const now = useNow(1_000);
  const { sentiment } = conversation;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <SupportStatusTag status={conversation.status} />
        <PriorityTag priority={conversation.priority} />
        <span>
          <Typography.Text type="secondary">SLA: </Typography.Text>
          <SlaLabel sla={conversationSla(conversation, now)} />
        </span>
        <Typography.Text type="secondary">
          Assigned to {assigneeLabel(conversation.assignedTo, agentId)}
        </Typography.Text>
      </Flex>
      <ConversationActions conversation={conversation} agentId={agentId} />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'message',
            label: 'Escalated message',
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{conversation.message}</span>,
          },
          {
            key: 'sentiment',
            label: 'Sentiment',
            children: `${humanize(sentiment.label)} (score ${sentiment.score.toFixed(2)}, confidence ${Math.round(sentiment.confidence * 100)}%)`,
          },
          { key: 'reason', label: 'Reason', children: sentiment.reason || '—' },
          { key: 'user', label: 'User', children: conversation.userId },
          { key: 'escalated', label: 'Escalated', children: formatDateTime(conversation.createdAt) },
        ]}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Flex vertical gap={12}>
            <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
              Messages
            </Typography.Title>
            <ConversationMessages messages={conversation.messages} />
            <ReplyBox conversation={conversation} agentId={agentId} />
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <section>
              <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
                User context
              </Typography.Title>
              <Typography.Paragraph>
                <Typography.Text type="secondary">Session duration: </Typography.Text>
                {formatDuration(conversation.userContext.sessionDuration)}
              </Typography.Paragraph>
              <ContextMessages messages={conversation.userContext.recentMessages} />
            </section>
            <section>
              <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
                Account
              </Typography.Title>
              <AccountContext account={conversation.account} />
            </section>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

interface ConversationPanelProps {
  id: string;
  agentId: string;
  onClose: () => void;
  /** The panel itself, focusable: opening a chat from the queue moves the keyboard here. */
  ref?: Ref<HTMLElement>;
}

/** The selected chat beside the queue, re-read every 3 s so the user's new messages show. */
export function ConversationPanel({ id, agentId, onClose, ref }: ConversationPanelProps) {
  const conversation = useSupportConversation(id);
  const titleId = useId();

  let body;
  if (conversation.data) {
    body = (
      <Flex vertical gap={12}>
        {conversation.isError && (
          <Alert
            type="warning"
            showIcon
            title="The conversation could not be refreshed; it shows what was last read."
            description={serverText(conversation.error)}
          />
        )}
        <ConversationDetails conversation={conversation.data} agentId={agentId} />
      </Flex>
    );
  } else if (conversation.isError) {
    body = (
      <Result
        status={conversation.error instanceof ApiError && conversation.error.status === 404 ? '404' : 'error'}
        title="This conversation could not be loaded."
        subTitle={serverText(conversation.error)}
        extra={
          <Button loading={conversation.isFetching} onClick={() => void conversation.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  } else {
    body = (
      <div role="status" aria-label="Loading the conversation">
        <Skeleton active />
      </div>
    );
  }

  return (
    <section ref={ref} tabIndex={-1} aria-labelledby={titleId} style={{ outline: 'none' }}>
      <Card
        title={
          <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: 18 }}>
            Conversation
          </Typography.Title>
        }
        extra={<Button type="text" icon={<CloseOutlined />} aria-label="Close conversation" onClick={onClose} />}
      >
        {body}
      </Card>
    </section>
  );
}
