const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are uuids; anything else cannot name a record (answered 404 like a missing one). */
export const isUuid = (value: string): boolean => uuid.test(value);
