import { randomUUID } from 'node:crypto';
import { eventBounds, largestOf, type EventType } from '@app/contracts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An event of the type with every bounded field at its largest value (contracts' eventBounds):
 * what the edge lets through at most. Ids are fresh uuids (as long as any), so runs do not meet.
 */
export function largestEvent(type: EventType, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = Object.entries(eventBounds[type].shape).map(([field, schema]) => {
    const largest = largestOf(schema);
    return [field, typeof largest === 'string' && uuidPattern.test(largest) ? randomUUID() : largest];
  });
  return { ...Object.fromEntries(fields), ...overrides };
}
