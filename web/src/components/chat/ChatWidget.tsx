import { chatMessageMaxLength, type SupportConversationStatus } from '@app/contracts';
import { CloseOutlined, MessageOutlined, MinusOutlined, SendOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useChat } from '../../hooks/useChat';
import { cx } from '../../lib/cx';
import type { ChatMessage } from './chatSession';
import styles from './ChatWidget.module.css';
import { distinctSources, FormattedMessage } from './formatMessage';

type PanelState = 'closed' | 'open' | 'minimized';

/** Who wrote a message, for screen readers (the bubbles' sides and colours show it on screen). */
const speaker: Record<ChatMessage['type'], string> = {
  user: 'You: ',
  bot: 'Assistant: ',
  agent: 'Support team: ',
};

/** Issue 16: where the chat stands with the support team, under the panel's title. */
const supportStatusText: Record<SupportConversationStatus, string> = {
  pending: 'Waiting for a member of the support team',
  open: 'A support agent is with you',
  resolved: 'Resolved by the support team',
};

function MessageBubble({ message, onRequestHuman }: { message: ChatMessage; onRequestHuman: (id: string) => void }) {
  const { token } = theme.useToken();
  const mine = message.type === 'user';
  const agent = message.type === 'agent';
  const sources = distinctSources(message.sources ?? []);
  // The bubble's own text colour, underlined: the link blue is under 4.5:1 on the bubble.
  const linkStyle = { color: token.colorText, textDecoration: 'underline' };
  return (
    <div
      className={cx(styles.bubble, mine ? styles.user : styles.bot)}
      style={{
        background: mine ? token.colorPrimaryBg : token.colorFillSecondary,
        color: token.colorText,
      }}
    >
      {agent ? (
        <Typography.Text strong style={{ display: 'block', fontSize: 12, color: token.colorText }}>
          {speaker.agent.replace(': ', '')}
        </Typography.Text>
      ) : (
        <span className="sr-only">{speaker[message.type]}</span>
      )}
      {mine ? (
        message.content
      ) : (
        <FormattedMessage text={message.content} withoutSourcesLine={sources.length > 0} linkStyle={linkStyle} />
      )}
      {sources.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
          {sources.length === 1 ? 'Source: ' : 'Sources: '}
          {sources.map((source, index) => (
            <span key={source.id}>
              {index > 0 && '; '}
              <Link to={source.path} style={linkStyle}>
                {source.title}
              </Link>
            </span>
          ))}
        </Typography.Paragraph>
      )}
      {message.offerHuman && (
        <Button size="small" style={{ marginTop: 8 }} onClick={() => onRequestHuman(message.id)}>
          Talk to a person
        </Button>
      )}
    </div>
  );
}

/**
 * Spec 2's floating support chat on every signed-in page: a round button when closed, a 600 px
 * panel when open that can be minimized to its header or closed. Escape closes the panel and
 * returns focus to the button.
 */
export function ChatWidget() {
  const { token } = theme.useToken();
  const [state, setState] = useState<PanelState>('closed');
  const { messages, supportStatus, open, sendMessage, requestHuman, isPending } = useChat(state !== 'closed');
  const [draft, setDraft] = useState('');
  const launcherRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const focusLauncher = useRef(false);
  const titleId = useId();

  useEffect(() => {
    if (state === 'closed' && focusLauncher.current) {
      focusLauncher.current = false;
      launcherRef.current?.focus();
    }
    if (state === 'open') inputRef.current?.focus();
  }, [state]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, isPending, state]);

  const openPanel = () => {
    open();
    setState('open');
  };
  const close = () => {
    focusLauncher.current = true;
    setState('closed');
  };

  const submit = () => {
    if (sendMessage(draft)) setDraft('');
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Spec 5: Enter sends, Shift+Enter makes a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (state === 'closed') {
    return (
      <Button
        ref={launcherRef}
        type="primary"
        shape="circle"
        size="large"
        icon={<MessageOutlined style={{ fontSize: 22 }} />}
        aria-label="Open support chat"
        className={styles.launcher}
        onClick={openPanel}
      />
    );
  }

  const minimized = state === 'minimized';
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className={cx(styles.panel, minimized && styles.minimized)}
      style={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}` }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ padding: '10px 12px', borderBottom: minimized ? 'none' : `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" gap={8}>
          <MessageOutlined aria-hidden style={{ color: token.colorPrimary }} />
          <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: 16 }}>
            AI Support Assistant
          </Typography.Title>
        </Flex>
        <Flex gap={4}>
          <Button
            type="text"
            size="small"
            icon={minimized ? <UpOutlined /> : <MinusOutlined />}
            aria-label={minimized ? 'Expand chat' : 'Minimize chat'}
            aria-expanded={!minimized}
            onClick={() => setState(minimized ? 'open' : 'minimized')}
          />
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Close chat" onClick={close} />
        </Flex>
      </Flex>

      {!minimized && (
        <>
          {supportStatus && (
            <Typography.Text
              role="status"
              type="secondary"
              style={{ padding: '6px 12px', fontSize: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            >
              {supportStatusText[supportStatus]}
            </Typography.Text>
          )}
          <div
            ref={logRef}
            role="log"
            aria-label="Chat messages"
            aria-live="polite"
            className={styles.log}
            tabIndex={0}
          >
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} onRequestHuman={requestHuman} />
            ))}
            {isPending && (
              <div role="status" className={cx(styles.bubble, styles.bot)} style={{ color: token.colorTextSecondary }}>
                <span className={styles.dots} aria-hidden>
                  <span />
                  <span />
                  <span />
                </span>
                Assistant is typing…
              </div>
            )}
          </div>
          <Flex gap={8} align="flex-end" style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            <Input.TextArea
              ref={(instance) => {
                inputRef.current = instance?.resizableTextArea?.textArea ?? null;
              }}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onInputKeyDown}
              placeholder="Type your message..."
              aria-label="Message"
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={chatMessageMaxLength}
              className={styles.input}
            />
            <Button
              type="primary"
              icon={<SendOutlined />}
              aria-label="Send message"
              disabled={!draft.trim() || isPending}
              onClick={submit}
            />
          </Flex>
        </>
      )}
    </section>
  );
}
