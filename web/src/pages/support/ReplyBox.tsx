import { chatMessageMaxLength, supportMessages, type SupportConversationResponse } from '@app/contracts';
import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client';
import { useReplyConversation } from '../../hooks/useSupport';
import { useToast } from '../../hooks/useToast';

/** Why the agent cannot reply, or undefined when they can (open and claimed by them). */
function replyBlocked(conversation: SupportConversationResponse, agentId: string): string | undefined {
  if (conversation.status === 'resolved') return supportMessages.resolved;
  if (conversation.status === 'pending') return supportMessages.notAssigned;
  return conversation.assignedTo === agentId ? undefined : supportMessages.claimedByOther;
}

/** The agent's answer: Enter sends, Shift+Enter makes a new line; an empty answer is not sent. */
export function ReplyBox({ conversation, agentId }: { conversation: SupportConversationResponse; agentId: string }) {
  const reply = useReplyConversation();
  const { toast } = useToast();
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const blocked = replyBlocked(conversation, agentId);

  const submit = () => {
    const message = draft.trim();
    if (!message || blocked || reply.isPending) return;
    reply.mutate(
      { id: conversation.id, message },
      {
        onSuccess: () => setDraft(''),
        onError: (error) =>
          toast({
            title: 'Reply Failed',
            description: (error instanceof ApiError && error.serverMessage) || 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Flex vertical gap={6}>
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={blocked ? undefined : 'Write a reply... (Enter sends, Shift+Enter for a new line)'}
          aria-label="Reply"
          aria-describedby={blocked ? hintId : undefined}
          disabled={blocked !== undefined}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={chatMessageMaxLength}
          showCount
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label="Send reply"
          disabled={blocked !== undefined || !draft.trim()}
          loading={reply.isPending}
          onClick={submit}
        />
      </Flex>
      {blocked && (
        <Typography.Text type="secondary" id={hintId}>
          {blocked}
        </Typography.Text>
      )}
    </Flex>
  );
}
