import type { certifierProfessions, WholesaleBasis } from '@app/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An investor's wholesale declaration (Financial Markets Conduct Act 2013) and its certificate, until it expires. */
@Entity({ name: 'wholesale_declarations', schema: 'tokenization' })
export class WholesaleDeclaration {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 30 })
  basis!: WholesaleBasis;

  @Column({ name: 'certifier_name', type: 'varchar', length: 200 })
  certifierName!: string;

  @Column({ name: 'certifier_profession', type: 'varchar', length: 30 })
  certifierProfession!: keyof typeof certifierProfessions;

  @Column({ name: 'signed_on', type: 'date' })
  signedOn!: string;

  @Column({ name: 'expires_on', type: 'date' })
  expiresOn!: string;

  @Column({ name: 'declared_at', type: 'timestamptz' })
  declaredAt!: Date;
}
