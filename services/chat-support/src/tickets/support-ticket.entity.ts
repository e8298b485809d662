import type { SupportConversationStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn } from 'typeorm';

export type TicketSource = 'contact_form';
/** The support queue's states (pending → open when an agent claims it → resolved). */
export type TicketStatus = SupportConversationStatus;

/** A request for help from the contact form; it shares the support queue with escalated chats. */
@Entity({ name: 'support_tickets', schema: 'chat_support' })
export class SupportTicket {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Sequential number behind the human reference (SUP-000042). */
  @Column({ type: 'bigint', unique: true })
  @Generated('increment')
  number!: string;

  @Column({ type: 'varchar', length: 20 })
  source!: TicketSource;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: TicketStatus;

  /** The agent who claimed it. */
  @Column({ name: 'assigned_to', type: 'uuid', nullable: true })
  assignedTo!: string | null;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  company!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'varchar', length: 20 })
  category!: string;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
