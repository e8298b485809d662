import type { EntityManager } from 'typeorm';

/**
 * Spec 3's ids (PROP- and INV- plus the millisecond): the candidate, or the next millisecond free
 * when another record of the same prefix took it. Repositories call this inside their insert's
 * transaction; a race lost anyway is a unique violation the caller retries (retryOnUniqueViolation).
 */
export async function freeTimestampId(
  manager: EntityManager,
  table: 'properties' | 'investments',
  column: 'submission_id' | 'reference',
  prefix: 'PROP-' | 'INV-',
  at: Date,
): Promise<string> {
  const candidate = `${prefix}${at.getTime()}`;
  const [row] = (await manager.query(
    `SELECT $2 || (max(substr(${column}, $3)::bigint) + 1) AS next
       FROM tokenization.${table} WHERE ${column} >= $1 AND length(${column}) = length($1)`,
    [candidate, prefix, prefix.length + 1],
  )) as { next: string | null }[];
  return row?.next ?? candidate;
}
