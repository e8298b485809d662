import type { ChatEscalateRequest, ChatPriority, SentimentResult, SupportConversationStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** What the widget sends with an escalation (spec 7): the last 5 messages and the session's length. */
export type EscalationUserContext = ChatEscalateRequest['userContext'];

/**
 * An escalated chat in the support team's queue: pending until an agent claims it (open), then
 * resolved. One per chat conversation while it is not resolved.
 */
@Entity({ name: 'support_conversations', schema: 'chat_support' })
export class SupportConversation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: SupportConversationStatus;

  @Column({ type: 'varchar', length: 10 })
  priority!: ChatPriority;

  /** The message that was escalated. */
  @Column({ type: 'text' })
  message!: string;

  /** The service's own analysis of that message. */
  @Column({ type: 'jsonb' })
  sentiment!: SentimentResult;

  @Column({ name: 'user_context', type: 'jsonb' })
  userContext!: EscalationUserContext;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
