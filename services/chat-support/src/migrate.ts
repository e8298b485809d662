import { parseConfig, runMigrations } from '@app/platform';
import { chatSupportConfigSchema } from './config';
import { chatSupportDatabase } from './entities';

/** Applies pending migrations of the chat_support schema, then exits (services also do this at start). */
async function main(): Promise<void> {
  const applied = await runMigrations(parseConfig(chatSupportConfigSchema).DATABASE_URL, chatSupportDatabase);
  console.warn(applied.length ? `applied: ${applied.join(', ')}` : 'schema chat_support is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
