import { parseConfig, runMigrations } from '@app/platform';
import { cryptoConfigSchema } from './config';
import { cryptoDatabase } from './entities';

/** Applies pending migrations of the crypto schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(cryptoConfigSchema).DATABASE_URL, cryptoDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema crypto is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
