import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const text = (name: string) => Column({ name, type: 'varchar', length: 500, default: '' });

/** The merchant's personal and business details (spec 3.5), keyed by the identity user id. */
@Entity({ name: 'profiles', schema: 'profile' })
export class ProfileRecord {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @text('first_name') firstName!: string;
  @text('last_name') lastName!: string;
  @text('phone') phone!: string;
  @text('date_of_birth') dateOfBirth!: string;
  @text('address') address!: string;
  @text('city') city!: string;
  @text('state') state!: string;
  @text('postal_code') postalCode!: string;
  @text('country') country!: string;
  @text('company_name') companyName!: string;
  @text('business_type') businessType!: string;
  @text('tax_id') taxId!: string;
  @text('company_registration_number') companyRegistrationNumber!: string;
  @text('website') website!: string;
  @text('business_address') businessAddress!: string;
  @text('business_city') businessCity!: string;
  @text('business_state') businessState!: string;
  @text('business_postal_code') businessPostalCode!: string;
  @text('business_country') businessCountry!: string;
  /** Issue 39: the rest of registration's business details. */
  @text('nzbn') nzbn!: string;
  @Column({ name: 'gst_registered', type: 'boolean', default: false }) gstRegistered!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
