import type { ChatPriority, SupportConversationStatus } from '@app/contracts';
import { Tag, Typography } from 'antd';
import { humanize } from '../../lib/format';
import { formatDuration, type SlaState } from './format';

// Filled preset tags: these text colours reach 4.5:1 on their tints in the dark theme (purple does not).
const priorityColors: Record<ChatPriority, string> = { urgent: 'red', high: 'volcano', medium: 'gold', low: 'blue' };
const statusColors: Record<SupportConversationStatus, string> = { pending: 'gold', open: 'blue', resolved: 'green' };

export function PriorityTag({ priority }: { priority: ChatPriority }) {
  return <Tag color={priorityColors[priority]}>{humanize(priority)}</Tag>;
}

export function SupportStatusTag({ status }: { status: SupportConversationStatus }) {
  return <Tag color={statusColors[status]}>{humanize(status)}</Tag>;
}

/** The first-response SLA: time left, a red 'SLA breached', or met. */
export function SlaLabel({ sla }: { sla: SlaState }) {
  switch (sla.kind) {
    case 'breached':
      return <Tag color="red">SLA breached</Tag>;
    case 'met':
      return <Typography.Text type="success">Replied in time</Typography.Text>;
    case 'due':
      return sla.leftMs > 0 ? (
        <Typography.Text>{formatDuration(sla.leftMs)} left</Typography.Text>
      ) : (
        <Tag color="gold">Due now</Tag>
      );
    default:
      return <Typography.Text type="secondary">—</Typography.Text>;
  }
}

/** Who works the item: "you" for the signed-in agent (only ids reach the console). */
export function assigneeLabel(assignedTo: string | null, agentId: string): string {
  if (!assignedTo) return 'Unassigned';
  return assignedTo === agentId ? 'you' : 'Another agent';
}
