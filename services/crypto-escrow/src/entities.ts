import { CreateCrypto1764201600800 } from '../migrations/1764201600800-create-crypto';
import { ChargeRecord } from './charges/charge.entity';
import { EscrowRecord } from './xrpl/escrow.entity';

export const cryptoDatabase = {
  schema: 'crypto',
  entities: [ChargeRecord, EscrowRecord],
  migrations: [CreateCrypto1764201600800],
};
