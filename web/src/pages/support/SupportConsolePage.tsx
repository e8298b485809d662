import { supportConversationStatuses, type SupportConversationStatus } from '@app/contracts';
import { Flex, Result, Tabs, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../components/GuardedRoute';
import { humanize } from '../../lib/format';
import { worksSupportQueue } from '../../lib/roles';
import { ConversationPanel } from './ConversationPanel';
import { SupportQueue } from './SupportQueue';

type QueueFilter = SupportConversationStatus | 'all';
const filters: QueueFilter[] = [...supportConversationStatuses, 'all'];
const isFilter = (value: string | null): value is QueueFilter => filters.includes(value as QueueFilter);

/**
 * Issue 16: the support team's console (roles support and admin). The queue's filter (?status=)
 * and the open chat (?c=) live in the URL, so a reload or a shared link shows the same view.
 */
export function SupportConsolePage() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const panelRef = useRef<HTMLElement>(null);
  // Opening a chat from the queue moves the keyboard to it once the panel is there (the URL
  // change that mounts it can land after the click's render).
  const focusPanel = useRef(false);
  const selectedId = params.get('c') ?? undefined;

  useEffect(() => {
    if (selectedId && focusPanel.current && panelRef.current) {
      focusPanel.current = false;
      panelRef.current.focus();
    }
  }, [selectedId]);

  // The server refuses these calls with 403 too; this only spares others a page of errors.
  if (!worksSupportQueue(user.role)) {
    return (
      <Result
        status="403"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Not allowed</h1>}
        subTitle="The support console is for the support team and administrators."
      />
    );
  }

  const statusParam = params.get('status');
  const filter: QueueFilter = isFilter(statusParam) ? statusParam : 'pending';

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const select = (id: string) => {
    if (id === selectedId) {
      panelRef.current?.focus();
      return;
    }
    focusPanel.current = true;
    update({ c: id });
  };

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Support Console
        </Typography.Title>
        <Typography.Text type="secondary">
          Escalated chats and contact-form tickets, urgent first, then the longest waiting.
        </Typography.Text>
      </div>
      <Tabs
        activeKey={filter}
        onChange={(key) => update({ status: key === 'pending' ? undefined : key })}
        // Only the shown tab's queue is kept, so only one list is re-read every 2 s.
        destroyOnHidden
        items={filters.map((key) => ({
          key,
          label: humanize(key),
          children: (
            <SupportQueue
              status={key === 'all' ? undefined : key}
              agentId={user.id}
              selectedId={selectedId}
              onSelect={select}
            />
          ),
        }))}
      />
      {selectedId && (
        <ConversationPanel
          key={selectedId}
          ref={panelRef}
          id={selectedId}
          agentId={user.id}
          onClose={() => update({ c: undefined })}
        />
      )}
    </Flex>
  );
}
