import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChatConversation } from './chat-conversation.entity';
import { ChatMessage } from './chat-message.entity';

export type NewChatMessage = Pick<ChatMessage, 'conversationId' | 'type' | 'content'> &
  Partial<Pick<ChatMessage, 'sentiment' | 'priority' | 'sources'>>;

@Injectable()
export class ConversationsRepository {
  /**
   * The conversation of a session id, created for the user when the id is new. Whoever used the id
   * first owns it: the caller compares the owner with the signed-in user.
   */
  async claim(
    manager: EntityManager,
    userId: string,
    sessionId: string,
    details: { userAgent?: string; platform?: string } = {},
  ): Promise<ChatConversation> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(ChatConversation)
      .values({ userId, sessionId, userAgent: details.userAgent ?? '', platform: details.platform ?? 'web' })
      .orIgnore()
      .execute();
    return manager.findOneByOrFail(ChatConversation, { sessionId });
  }

  addMessage(manager: EntityManager, message: NewChatMessage): Promise<ChatMessage> {
    return manager.save(manager.create(ChatMessage, message));
  }

  async touch(manager: EntityManager, conversationId: string, at: Date): Promise<void> {
    await manager.update(ChatConversation, { id: conversationId }, { lastMessageAt: at });
  }

  /** The conversation's last `limit` messages, oldest first. */
  async recentMessages(manager: EntityManager, conversationId: string, limit: number): Promise<ChatMessage[]> {
    const latest = await manager.find(ChatMessage, { where: { conversationId }, order: { seq: 'DESC' }, take: limit });
    return latest.reverse();
  }

  /** Spec 4: the user's latest message with this text is marked escalated, with priority urgent when required. */
  async markEscalated(
    manager: EntityManager,
    conversationId: string,
    content: string,
    priority: ChatMessage['priority'],
  ): Promise<void> {
    await manager.query(
      `UPDATE chat_support.chat_messages SET escalated = true, priority = $3
        WHERE id = (SELECT id FROM chat_support.chat_messages
                     WHERE conversation_id = $1 AND type = 'user' AND content = $2
                     ORDER BY seq DESC LIMIT 1)`,
      [conversationId, content, priority],
    );
  }

  findById(manager: EntityManager, id: string): Promise<ChatConversation | null> {
    return manager.findOneBy(ChatConversation, { id });
  }

  findBySession(manager: EntityManager, sessionId: string): Promise<ChatConversation | null> {
    return manager.findOneBy(ChatConversation, { sessionId });
  }
}
