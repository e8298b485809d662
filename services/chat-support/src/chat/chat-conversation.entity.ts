import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One widget session (spec 3: a session id per page visit) of one signed-in user. The widget names
 * the session; the session cookie names the owner, and only the owner may use the session id.
 */
@Entity({ name: 'chat_conversations', schema: 'chat_support' })
export class ChatConversation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 100, unique: true })
  sessionId!: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 500, default: '' })
  userAgent!: string;

  @Column({ type: 'varchar', length: 20, default: 'web' })
  platform!: string;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt!: Date;

  @Column({ name: 'last_message_at', type: 'timestamptz', nullable: true })
  lastMessageAt!: Date | null;
}
