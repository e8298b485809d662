import { parseConfig, runMigrations } from '@app/platform';
import { tokenizationConfigSchema } from './config';
import { tokenizationDatabase } from './entities';

/**
 * The migration step (the Helm Job): creates the tokenization schema and its role, applies pending
 * migrations and grants the role its tables, with DATABASE_ADMIN_URL (DATABASE_URL names the role
 * and its password), then exits. A service that may migrate does the same at start.
 */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(tokenizationConfigSchema), tokenizationDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema tokenization is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
