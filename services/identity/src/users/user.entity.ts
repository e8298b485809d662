import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account: credentials, verification state and what the applicant told us at sign-up. */
@Entity({ name: 'users', schema: 'identity' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  username!: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 20, default: 'user' })
  role!: string;

  @Column({ name: 'kyc_status', type: 'varchar', length: 20, default: 'pending' })
  kycStatus!: string;

  @Column({ name: 'risk_score', type: 'numeric', precision: 3, scale: 1, default: 0 })
  riskScore!: string;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 40 })
  phone!: string;

  @Column({ name: 'business_name', type: 'varchar', length: 200 })
  businessName!: string;

  @Column({ name: 'business_type', type: 'varchar', length: 40 })
  businessType!: string;

  @Column({ name: 'industry_type', type: 'varchar', length: 100 })
  industryType!: string;

  @Column({ type: 'varchar', length: 100 })
  country!: string;

  @Column({ name: 'business_address', type: 'varchar', length: 500 })
  businessAddress!: string;

  @Column({ type: 'varchar', length: 100 })
  position!: string;

  @Column({ name: 'expected_volume', type: 'varchar', length: 20 })
  expectedVolume!: string;

  @Column({ name: 'business_purpose', type: 'text' })
  businessPurpose!: string;

  @Column({ name: 'marketing_consent', type: 'boolean', default: false })
  marketingConsent!: boolean;

  /**
   * When the terms, privacy and AML policies were accepted (all three at once); null for an account
   * made by the affiliate application, whose form has no acceptances.
   */
  @Column({ name: 'policies_accepted_at', type: 'timestamptz', nullable: true })
  policiesAcceptedAt!: Date | null;

  @Column({ name: 'referral_code', type: 'varchar', length: 64, nullable: true })
  referralCode!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
