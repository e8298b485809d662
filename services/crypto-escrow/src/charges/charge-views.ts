import { paymentStateOfCharge, type Charge } from '@app/contracts';
import type { ChargeRecord } from './charge.entity';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function chargeView(row: ChargeRecord): Charge {
  return {
    id: row.id,
    providerChargeId: row.providerChargeId,
    code: row.code,
    hostedUrl: row.hostedUrl,
    addresses: row.addresses,
    status: row.status,
    state: paymentStateOfCharge(row.status),
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    preferredCurrency: row.preferredCurrency,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt),
    completedAt: iso(row.completedAt),
  };
}
