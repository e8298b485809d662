import type { ChatMessageType, ChatPriority, ChatSource, SentimentLabel } from '@app/contracts';
import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn } from 'typeorm';

/** Spec 3's chat message: the user's words or the assistant's reply (with the passages it used). */
@Entity({ name: 'chat_messages', schema: 'chat_support' })
export class ChatMessage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The order of a conversation's messages. */
  @Column({ type: 'bigint', unique: true })
  @Generated('increment')
  seq!: string;

  @Column({ name: 'conversation_id', type: 'uuid' })
  conversationId!: string;

  @Column({ type: 'varchar', length: 10 })
  type!: ChatMessageType;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 10, nullable: true })
  sentiment!: SentimentLabel | null;

  @Column({ type: 'varchar', length: 10, default: 'low' })
  priority!: ChatPriority;

  @Column({ type: 'boolean', default: false })
  escalated!: boolean;

  @Column({ type: 'jsonb', default: [] })
  sources!: ChatSource[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
