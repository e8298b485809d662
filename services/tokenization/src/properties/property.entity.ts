import type { PropertyJurisdiction, PropertyType, propertyStatuses, tokenizationStatuses } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The summary of a document kept on the property (spec 3: documents as json); the bytes live in property_documents. */
export interface PropertyDocumentSummary {
  id: string;
  key: string;
  fileName: string;
  kind: string;
  sizeBytes: number;
  sha256: string;
}

/** Spec 3's property record, with the submission's fields (spec 3, property submission). */
@Entity({ name: 'properties', schema: 'tokenization' })
export class Property {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** PROP- plus the submission's timestamp (ms). */
  @Column({ name: 'submission_id', type: 'varchar', length: 30 })
  submissionId!: string;

  @Column({ type: 'varchar', length: 500 })
  address!: string;

  /** Where it is: the jurisdiction's country name. */
  @Column({ type: 'varchar', length: 100 })
  location!: string;

  @Column({ name: 'property_type', type: 'varchar', length: 12 })
  propertyType!: PropertyType;

  @Column({ type: 'varchar', length: 2 })
  jurisdiction!: PropertyJurisdiction;

  @Column({ name: 'title_reference', type: 'varchar', length: 100 })
  titleReference!: string;

  @Column({ name: 'owner_name', type: 'varchar', length: 200 })
  ownerName!: string;

  /** NZD, numeric(15,2) as a string. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  value!: string;

  @Column({ name: 'token_supply', type: 'bigint' })
  tokenSupply!: string;

  @Column({ name: 'token_price', type: 'numeric', precision: 15, scale: 2 })
  tokenPrice!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'expected_yield', type: 'numeric', precision: 5, scale: 2 })
  expectedYield!: string;

  @Column({ name: 'lockup_period', type: 'integer' })
  lockupPeriod!: number;

  @Column({ name: 'valuation_date', type: 'date' })
  valuationDate!: string;

  @Column({ type: 'varchar', length: 12, default: 'submitted' })
  status!: (typeof propertyStatuses)[number];

  @Column({ name: 'tokenization_status', type: 'varchar', length: 10, default: 'pending' })
  tokenizationStatus!: (typeof tokenizationStatuses)[number];

  @Column({ name: 'token_id', type: 'varchar', length: 100, nullable: true })
  tokenId!: string | null;

  @Column({ name: 'contract_address', type: 'varchar', length: 42, nullable: true })
  contractAddress!: string | null;

  @Column({ name: 'linz_verified', type: 'boolean', default: false })
  linzVerified!: boolean;

  @Column({ name: 'regulatory_compliant', type: 'boolean', default: false })
  regulatoryCompliant!: boolean;

  @Column({ name: 'due_diligence_complete', type: 'boolean', default: false })
  dueDiligenceComplete!: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  documents!: PropertyDocumentSummary[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
