import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user whose UserRegistered the service has applied, referred or not. */
@Entity({ name: 'known_users', schema: 'affiliate' })
export class KnownUser {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt!: Date;
}
