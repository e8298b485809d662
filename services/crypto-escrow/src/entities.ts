import { CreateKycClearances1765843200500, KycClearance } from '@app/platform';
import { CreateCrypto1764201600800 } from '../migrations/1764201600800-create-crypto';
import { EscrowClosedReason1764288000900 } from '../migrations/1764288000900-escrow-closed-reason';
import { EscrowMonitorChecked1764374400950 } from '../migrations/1764374400950-escrow-monitor-checked';
import { ChargeStatusContext1765152000800 } from '../migrations/1765152000800-charge-status-context';
import { EscrowPending1765152000900 } from '../migrations/1765152000900-escrow-pending';
import { ChargeRecord } from './charges/charge.entity';
import { EscrowRecord } from './xrpl/escrow.entity';

export const cryptoDatabase = {
  schema: 'crypto',
  entities: [ChargeRecord, EscrowRecord, KycClearance],
  migrations: [
    CreateCrypto1764201600800,
    EscrowClosedReason1764288000900,
    EscrowMonitorChecked1764374400950,
    ChargeStatusContext1765152000800,
    EscrowPending1765152000900,
    CreateKycClearances1765843200500,
  ],
};
