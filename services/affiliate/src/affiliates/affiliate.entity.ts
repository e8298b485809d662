import type { AffiliateBusinessType, AffiliateStatus, ExpectedReferrals, MarketingExperience } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An affiliate profile (spec 3.6): one per user. Money columns come back as decimal strings. */
@Entity({ name: 'affiliates', schema: 'affiliate' })
export class Affiliate {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The account's e-mail when the profile was made; self-referrals are checked against it. */
  @Column({ name: 'user_email', type: 'varchar', length: 254 })
  userEmail!: string;

  @Column({ name: 'company_name', type: 'varchar', length: 200 })
  companyName!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  website!: string | null;

  @Column({ name: 'business_type', type: 'varchar', length: 40 })
  businessType!: AffiliateBusinessType;

  @Column({ name: 'contact_email', type: 'varchar', length: 254 })
  contactEmail!: string;

  @Column({ name: 'contact_name', type: 'varchar', length: 200 })
  contactName!: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 40 })
  phoneNumber!: string;

  @Column({ name: 'business_description', type: 'text' })
  businessDescription!: string;

  @Column({ name: 'marketing_experience', type: 'varchar', length: 20 })
  marketingExperience!: MarketingExperience;

  @Column({ name: 'expected_referrals', type: 'varchar', length: 10 })
  expectedReferrals!: ExpectedReferrals;

  @Column({ name: 'additional_info', type: 'text', nullable: true })
  additionalInfo!: string | null;

  @Column({ name: 'referral_code', type: 'varchar', length: 64 })
  referralCode!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: AffiliateStatus;

  @Column({ name: 'total_earnings', type: 'numeric', precision: 15, scale: 2, default: 0 })
  totalEarnings!: string;

  @Column({ name: 'current_balance', type: 'numeric', precision: 15, scale: 2, default: 0 })
  currentBalance!: string;

  @Column({ name: 'is_demo', type: 'boolean', default: false })
  isDemo!: boolean;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
