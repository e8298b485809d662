import { create } from '@bufbuild/protobuf';
import { eventCatalog } from './events';
import {
  integrationSignatureSteps,
  sampleTransactionDelivery,
  transactionDeliveryFields,
  transactionDeliverySchema,
} from './integrations';
import { fromTransactionRecorded } from './transaction-events';

describe("the merchants' ingestion guide", () => {
  it('explains exactly the fields the delivery schema takes, required ones as required', () => {
    const shape = transactionDeliverySchema.shape;
    expect(transactionDeliveryFields.map((field) => field.name).sort()).toEqual(Object.keys(shape).sort());
    for (const field of transactionDeliveryFields) {
      expect(shape[field.name].safeParse(undefined).success).toBe(!field.required);
    }
  });

  it("names the signature header and the signed bytes (the platform's own scheme)", () => {
    expect(integrationSignatureSteps.join(' ')).toContain('x-platform-signature: t=<t>,v1=');
    expect(integrationSignatureSteps.join(' ')).toContain('"<t>.<body>"');
  });

  it('makes a sample the schema accepts, marked test, with a location for a POS system only', () => {
    const at = new Date('2026-11-30T14:05:00Z');
    const processor = transactionDeliverySchema.parse(
      sampleTransactionDelivery('stripe', 'processor', { occurredAt: at }),
    );
    expect(processor).toMatchObject({ status: 'completed', test: true, occurredAt: at.toISOString() });
    expect(processor.location).toBeUndefined();
    const pos = transactionDeliverySchema.parse(sampleTransactionDelivery('toast', 'pos', { id: 'abc' }));
    expect(pos).toMatchObject({ externalTransactionId: 'sample_abc', location: { name: 'Toast sample till' } });
  });

  it('leaves a test delivery out of the read models: it is never a sale', () => {
    const event = (test: boolean) =>
      create(eventCatalog.TransactionRecorded.schema, {
        userId: '0f8fad5b-d9cb-469f-a165-70867728950e',
        transactionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        amount: '42.50',
        currency: 'USD',
        status: 'completed',
        test,
      });
    expect(fromTransactionRecorded(event(false), new Date())).not.toBeNull();
    expect(fromTransactionRecorded(event(true), new Date())).toBeNull();
  });
});
