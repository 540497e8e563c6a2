import { migrate } from './orm';
import { migrateBoss } from './boss';

/**
 * Brings a database to the schema this code expects: the game's MikroORM migrations, then pg-boss's
 * own. `npm start` runs it once before the processes start; tests run it once per template database.
 */
export async function migrateDatabase(url: string): Promise<{ applied: string[] }> {
  const applied = await migrate(url);
  await migrateBoss(url);
  return { applied };
}
