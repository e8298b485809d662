import { customerRef } from './ingestion.service';

describe('customerRef (TransactionRecorded.customer_ref)', () => {
  const integration = '4a7c1f0e-1111-4222-8333-944455556666';

  it('is the lower-cased e-mail, so one customer is the same across integrations', () => {
    expect(customerRef(integration, { id: 'cus_1', email: ' Ana.Smith@Example.COM ' })).toBe('ana.smith@example.com');
  });

  it("falls back to the provider's customer id, scoped to the integration", () => {
    expect(customerRef(integration, { id: 'CUST1', cardLast4: '1111' })).toBe(`${integration}:CUST1`);
    expect(customerRef(integration, { id: 42 })).toBe(`${integration}:42`);
  });

  it('is empty when the provider sent no usable customer', () => {
    expect(customerRef(integration, null)).toBe('');
    expect(customerRef(integration, { name: 'Walk-in', email: '  ' })).toBe('');
  });
});
