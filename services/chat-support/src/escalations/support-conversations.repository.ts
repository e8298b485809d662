import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SupportConversation } from './support-conversation.entity';

export type NewSupportConversation = Pick<
  SupportConversation,
  'conversationId' | 'userId' | 'priority' | 'message' | 'sentiment' | 'userContext' | 'firstResponseDueAt'
>;

@Injectable()
export class SupportConversationsRepository {
  /** The chat's support conversation that is not resolved yet, locked for the caller's transaction. */
  activeOf(manager: EntityManager, conversationId: string): Promise<SupportConversation | null> {
    return manager
      .createQueryBuilder(SupportConversation, 'support')
      .setLock('pessimistic_write')
      .where('support.conversation_id = :conversationId', { conversationId })
      .andWhere(`support.status <> 'resolved'`)
      .getOne();
  }

  create(manager: EntityManager, conversation: NewSupportConversation): Promise<SupportConversation> {
    return manager.save(manager.create(SupportConversation, { ...conversation, status: 'pending' }));
  }

  async setPriority(manager: EntityManager, id: string, priority: SupportConversation['priority']): Promise<void> {
    await manager.update(SupportConversation, { id }, { priority });
  }

  /** The user's support conversations, newest first. */
  ofUser(manager: EntityManager, userId: string, limit: number): Promise<SupportConversation[]> {
    return manager.find(SupportConversation, { where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** One support conversation, locked for the caller's transaction. */
  lockById(manager: EntityManager, id: string): Promise<SupportConversation | null> {
    return manager
      .createQueryBuilder(SupportConversation, 'support')
      .setLock('pessimistic_write')
      .where('support.id = :id', { id })
      .getOne();
  }

  findById(manager: EntityManager, id: string): Promise<SupportConversation | null> {
    return manager.findOneBy(SupportConversation, { id });
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<
      Pick<
        SupportConversation,
        'status' | 'assignedTo' | 'claimedAt' | 'firstResponseAt' | 'resolvedAt' | 'priority' | 'slaBreachedAt'
      >
    >,
  ): Promise<void> {
    await manager.update(SupportConversation, { id }, changes);
  }

  /** The chat's latest support conversation, locked; the caller reopens it when it is resolved. */
  latestOf(manager: EntityManager, conversationId: string): Promise<SupportConversation | null> {
    return manager
      .createQueryBuilder(SupportConversation, 'support')
      .setLock('pessimistic_write')
      .where('support.conversation_id = :conversationId', { conversationId })
      .orderBy('support.created_at', 'DESC')
      .limit(1)
      .getOne();
  }

  /** Escalations still waiting for a first reply and not yet stamped as breached: their SLA jobs. */
  awaitingFirstResponse(manager: EntityManager): Promise<SupportConversation[]> {
    return manager
      .createQueryBuilder(SupportConversation, 'support')
      .where('support.first_response_at IS NULL')
      .andWhere('support.sla_breached_at IS NULL')
      .andWhere('support.first_response_due_at IS NOT NULL')
      .andWhere(`support.status <> 'resolved'`)
      .getMany();
  }
}
