import { parseConfig, runMigrations } from '@app/platform';
import { affiliateConfigSchema } from './config';
import { affiliateDatabase } from './entities';

/** Applies pending migrations of the affiliate schema, then exits (the service also does this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(affiliateConfigSchema).DATABASE_URL, affiliateDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema affiliate is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
