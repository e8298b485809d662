import { parseConfig, runMigrations } from '@app/platform';
import { profileConfigSchema } from './config';
import { profileDatabase } from './entities';

/** Applies pending migrations of the profile schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(profileConfigSchema).DATABASE_URL, profileDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema profile is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
