// One-shot migration step for deployments (docker compose's `migrate` service): the game's tables,
// then pg-boss's schema. `npm start` does the same itself before starting the processes.
import { migrateDatabase } from '@brood/world';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('[migrate] DATABASE_URL is required, e.g. postgres://user:password@host:5432/broodspace');
  process.exit(2);
}
try {
  const { applied } = await migrateDatabase(url);
  console.log(applied.length > 0 ? `[migrate] applied: ${applied.join(', ')}` : '[migrate] the database is up to date');
} catch (error) {
  console.error(`[migrate] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
