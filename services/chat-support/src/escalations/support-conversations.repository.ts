import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SupportConversation } from './support-conversation.entity';

export type NewSupportConversation = Pick<
  SupportConversation,
  'conversationId' | 'userId' | 'priority' | 'message' | 'sentiment' | 'userContext'
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
}
