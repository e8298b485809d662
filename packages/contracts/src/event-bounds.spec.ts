import { create, ScalarType, type DescMessage } from '@bufbuild/protobuf';
import { eventBounds, eventBoundsViolation, largestOf } from './event-bounds';
import { eventCatalog, type EventType } from './events';

const types = Object.keys(eventCatalog) as EventType[];
const largest = (type: EventType) =>
  Object.fromEntries(Object.entries(eventBounds[type].shape).map(([field, schema]) => [field, largestOf(schema)]));

describe('event bounds', () => {
  it.each(types)('%s: every bounded field names its largest value, and that value is within the bound', (type) => {
    const fields = Object.entries(eventBounds[type].shape);
    expect(fields.length).toBeGreaterThan(0);
    for (const [field, schema] of fields) expect([field, largestOf(schema)]).not.toEqual([field, undefined]);
    const message = create(eventCatalog[type].schema as DescMessage, largest(type));
    expect(eventBoundsViolation(type, message)).toBeNull();
  });

  it.each(types)('%s: bounds every string and number the event carries, and nothing else', (type) => {
    const fields = (eventCatalog[type].schema as DescMessage).fields;
    // Booleans and timestamps carry no size; every other field needs a bound.
    const sized = fields
      .filter(
        (field) => field.fieldKind === 'list' || (field.fieldKind === 'scalar' && field.scalar !== ScalarType.BOOL),
      )
      .map((field) => field.localName);
    expect(Object.keys(eventBounds[type].shape).sort()).toEqual(sized.sort());
  });

  it('refuses one character or one unit beyond the bound, naming the field', () => {
    const sale = create(eventCatalog.TransactionRecorded.schema, {
      ...largest('TransactionRecorded'),
      customerRef: 'x'.repeat(255),
    } as never);
    expect(eventBoundsViolation('TransactionRecorded', sale)).toMatch(/^customerRef: /);
    const invoice = create(eventCatalog.InvoicePaid.schema, { ...largest('InvoicePaid'), amount: 10n ** 12n } as never);
    expect(eventBoundsViolation('InvoicePaid', invoice)).toMatch(/^amount: /);
    const amount = create(eventCatalog.TransactionRecorded.schema, {
      ...largest('TransactionRecorded'),
      amount: '10000000000000.00',
    } as never);
    expect(eventBoundsViolation('TransactionRecorded', amount)).toMatch(/^amount: /);
  });
});
