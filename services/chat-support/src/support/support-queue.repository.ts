import { Injectable } from '@nestjs/common';
import type { ChatPriority, SupportConversationStatus, SupportItemKind } from '@app/contracts';
import type { EntityManager } from 'typeorm';

export interface QueueRow {
  kind: SupportItemKind;
  id: string;
  status: SupportConversationStatus;
  priority: ChatPriority;
  summary: string;
  from: string;
  assigned_to: string | null;
  created_at: Date;
  first_response_due_at: Date | null;
  first_response_at: Date | null;
  sla_breached_at: Date | null;
}

/**
 * The support team's inbox: escalated chats and contact-form tickets in one list, urgent first,
 * then the longest waiting. Tickets count as `low` (nobody has triaged them).
 */
@Injectable()
export class SupportQueueRepository {
  list(manager: EntityManager, status: SupportConversationStatus | undefined, limit: number): Promise<QueueRow[]> {
    return manager.query(
      `SELECT * FROM (
         SELECT 'chat' AS kind, id, status, priority, message AS summary, user_id::text AS "from",
                assigned_to, created_at, first_response_due_at, first_response_at, sla_breached_at
           FROM chat_support.support_conversations WHERE $1::text IS NULL OR status = $1
         UNION ALL
         SELECT 'ticket', id, status, 'low', subject, email, assigned_to, created_at, NULL, NULL, NULL
           FROM chat_support.support_tickets WHERE $1::text IS NULL OR status = $1
       ) inbox
       ORDER BY CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END,
                created_at, id
       LIMIT $2`,
      [status ?? null, limit],
    );
  }
}
