import { create } from '@bufbuild/protobuf';
import { eventCatalog } from './events';
import { fromCharge, fromEscrow, fromTransactionRecorded } from './transaction-events';

// The read models compare a reported transaction's merchant with the one stored (Postgres writes a
// uuid in lower case): an event spelling the id in capitals must still name the same merchant.

describe('transactions reported by events', () => {
  const merchant = '0F8FAD5B-D9CB-469F-A165-70867728950E';
  const at = new Date('2026-11-20T10:00:00Z');

  it('name the merchant by its id in lower case, whatever case the event spells it in', () => {
    const recorded = fromTransactionRecorded(
      create(eventCatalog.TransactionRecorded.schema, {
        userId: merchant,
        transactionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        amount: '10.00',
        currency: 'usd',
        status: 'completed',
      }),
      at,
    );
    const charge = fromCharge(
      create(eventCatalog.ChargeCompleted.schema, { userId: merchant, chargeId: 'C1', amount: '5.00' }),
      'completed',
      at,
    );
    const escrow = fromEscrow(
      create(eventCatalog.EscrowFinished.schema, { userId: merchant, escrowId: 'E1', amount: '20' }),
      'completed',
      at,
    );
    for (const tx of [recorded, charge, escrow]) expect(tx?.userId).toBe(merchant.toLowerCase());
    expect(recorded).toMatchObject({ currency: 'USD', status: 'completed', occurredAt: at });
  });
});
