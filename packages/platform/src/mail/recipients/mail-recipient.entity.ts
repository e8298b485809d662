import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Issue 39: where and whether a service may mail a member, in the schema of a service that sends
 * optional mail (like kyc_clearances, pinned to the service's own schema): the address and first
 * name from identity's UserRegistered, the choices from profile's MailPreferencesChanged. A member
 * no event mentioned has no row and gets no optional mail (there is no address to send it to).
 */
@Entity({ name: 'mail_recipients' })
export class MailRecipient {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Empty until UserRegistered arrives (the preferences may come first). */
  @Column({ type: 'varchar', length: 254, default: '' })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' })
  firstName!: string;

  @Column({ name: 'support_replies', type: 'boolean', default: true })
  supportReplies!: boolean;

  @Column({ name: 'investment_updates', type: 'boolean', default: true })
  investmentUpdates!: boolean;

  @Column({ name: 'payout_notices', type: 'boolean', default: true })
  payoutNotices!: boolean;

  /** When profile saved the choices (the event's updatedAt): an older event arriving late is ignored. */
  @Column({ name: 'preferences_at', type: 'timestamptz', nullable: true })
  preferencesAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
