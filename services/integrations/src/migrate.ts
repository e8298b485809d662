import { parseConfig, runMigrations } from '@app/platform';
import { integrationsConfigSchema } from './config';
import { integrationsDatabase } from './entities';

/** Applies pending migrations of the integrations schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(integrationsConfigSchema).DATABASE_URL, integrationsDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema integrations is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
