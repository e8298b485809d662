import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';

/**
 * Runs a repository's statement in the caller's transaction as a named prepared statement of its
 * connection: Postgres parses and plans it once per connection instead of at every call (for a
 * statement run per event with several CTEs, planning cost more than running it). The name stands
 * for the text, so each name must have one text only; the text must not be built from input.
 * Outside a transaction it is an ordinary query. Errors are pg's own (`code` is the SQLSTATE).
 */
export async function preparedQuery<T extends object>(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (!manager.queryRunner) return (await manager.query(text, values)) as T[];
  const client = (await manager.queryRunner.connect()) as PoolClient;
  return (await client.query<T>({ name, text, values })).rows;
}

/** A constant of the code, fit to stand in SQL text as a literal: lower-case words only. */
const sqlWord = /^[a-z_]+$/;

/**
 * Pairs of the code's constants (status moves, say) as an SQL row list for `(a, b) IN (...)`: a
 * statement's text stays fixed (prepared once) and no value in it comes from input. Throws for
 * anything but a lower-case word.
 */
export function sqlPairs(pairs: readonly (readonly [string, string])[]): string {
  for (const value of pairs.flat()) if (!sqlWord.test(value)) throw new Error(`not an SQL word: ${value}`);
  return pairs.map(([a, b]) => `('${a}', '${b}')`).join(', ');
}
