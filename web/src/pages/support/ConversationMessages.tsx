import { chatContextMessages, type ChatHistoryMessage, type ChatMessageType } from '@app/contracts';
import { Flex, Typography, theme } from 'antd';
import { useEffect, useRef, type CSSProperties } from 'react';
import { formatDateTime } from '../../lib/format';

const speakers: Record<ChatMessageType, string> = { user: 'User', bot: 'Assistant', agent: 'Agent' };

/**
 * The chat as the user saw it. Who wrote each message is written out, and the sides and tints
 * repeat it: the user on the left, the assistant dashed, the support team on the right in blue.
 */
export function ConversationMessages({ messages }: { messages: ChatHistoryMessage[] }) {
  const { token } = theme.useToken();
  const logRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  // The newest message in view when one arrives, as in the user's widget.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [last]);

  const tint: Record<ChatMessageType, CSSProperties> = {
    user: { background: token.colorFillSecondary, alignSelf: 'flex-start' },
    bot: { border: `1px dashed ${token.colorBorder}`, alignSelf: 'flex-start' },
    agent: { background: token.colorPrimaryBg, alignSelf: 'flex-end' },
  };

  return (
    <div
      ref={logRef}
      role="log"
      aria-label="Chat messages"
      tabIndex={0}
      style={{
        maxHeight: 420,
        overflowY: 'auto',
        padding: 12,
        display: 'flex',
        flexDirection: 'column',
        gap: 10,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {messages.length === 0 && <Typography.Text type="secondary">No messages in this chat.</Typography.Text>}
      {messages.map((message) => (
        <Flex
          key={message.id}
          vertical
          gap={2}
          data-speaker={message.type}
          style={{
            ...tint[message.type],
            maxWidth: '85%',
            padding: '8px 12px',
            borderRadius: 10,
            color: token.colorText,
          }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <strong>{speakers[message.type]}</strong> · {formatDateTime(message.timestamp)}
            {message.escalated && ' · escalated'}
          </Typography.Text>
          <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</span>
        </Flex>
      ))}
    </div>
  );
}

/** The last messages the widget sent with the escalation (free-form records; only type and content are read). */
export function ContextMessages({ messages }: { messages: Record<string, unknown>[] }) {
  if (messages.length === 0) return <Typography.Text type="secondary">No messages were sent with it.</Typography.Text>;
  return (
    <ol aria-label="Last messages before the escalation" style={{ margin: 0, paddingInlineStart: 20 }}>
      {messages.slice(-chatContextMessages).map((message, index) => {
        const type = typeof message.type === 'string' ? message.type : '';
        const speaker = type in speakers ? speakers[type as ChatMessageType] : 'Unknown';
        return (
          <li key={index}>
            <Typography.Text type="secondary">{speaker}: </Typography.Text>
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {typeof message.content === 'string' ? message.content : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
