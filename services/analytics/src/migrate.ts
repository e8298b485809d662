import { parseConfig, runMigrations } from '@app/platform';
import { analyticsConfigSchema } from './config';
import { analyticsDatabase } from './entities';

/** Applies pending migrations of the analytics schema, then exits (the service also does this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(analyticsConfigSchema).DATABASE_URL, analyticsDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema analytics is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
