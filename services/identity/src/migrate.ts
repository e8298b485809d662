import { parseConfig, runMigrations } from '@app/platform';
import { identityConfigSchema } from './config';
import { identityDatabase } from './entities';

/** Applies pending migrations of the identity schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(identityConfigSchema).DATABASE_URL, identityDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema identity is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
