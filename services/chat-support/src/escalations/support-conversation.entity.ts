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

  /** The agent who claimed it (pending → open). */
  @Column({ name: 'assigned_to', type: 'uuid', nullable: true })
  assignedTo!: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** The first agent reply. */
  @Column({ name: 'first_response_at', type: 'timestamptz', nullable: true })
  firstResponseAt!: Date | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  /** When the first agent reply is due (business hours, SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES). */
  @Column({ name: 'first_response_due_at', type: 'timestamptz', nullable: true })
  firstResponseDueAt!: Date | null;

  /** When the SLA job found no agent reply by the due time (the priority was raised then). */
  @Column({ name: 'sla_breached_at', type: 'timestamptz', nullable: true })
  slaBreachedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
