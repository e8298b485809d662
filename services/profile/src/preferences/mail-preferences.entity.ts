import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Which optional transactional mail a member receives (issue 39); no row: all of it. */
@Entity({ name: 'mail_preferences', schema: 'profile' })
export class MailPreferencesRecord {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'support_replies', type: 'boolean', default: true })
  supportReplies!: boolean;

  @Column({ name: 'investment_updates', type: 'boolean', default: true })
  investmentUpdates!: boolean;

  @Column({ name: 'payout_notices', type: 'boolean', default: true })
  payoutNotices!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
