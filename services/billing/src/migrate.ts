import { parseConfig, runMigrations } from '@app/platform';
import { billingConfigSchema } from './config';
import { billingDatabase } from './entities';

/** Applies pending migrations of the billing schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(billingConfigSchema).DATABASE_URL, billingDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema billing is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
