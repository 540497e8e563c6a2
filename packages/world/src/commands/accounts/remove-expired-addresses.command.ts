import type { Catalogue } from '@brood/game-data';
import type { EntityManager, QueryResult } from '@mikro-orm/postgresql';

const DAY_MS = 86_400_000;

/** The oldest moment an address may be from at `now`: older ones are removed (docs/privacy.md). */
export const addressCutoff = (catalogue: Catalogue, now: Date): Date => new Date(now.getTime() - catalogue.universe.address_retention_days * DAY_MS);

/**
 * Removes every stored address older than `address_retention_days`: an account's sign-up address
 * (after that long since it signed up), its last sign-in address (since that sign-in), the addresses
 * it signed in from, and the throttling's records of failed sign-ins and sign-ups. The accounts stay;
 * only the addresses go, so the console's shared-address signals look back that far and no further.
 * Idempotent; returns how many rows it changed.
 */
export async function removeExpiredAddresses(em: EntityManager, catalogue: Catalogue, now: Date): Promise<number> {
  const cutoff = addressCutoff(catalogue, now);
  return em.fork().transactional(async (tem) => {
    const statements = [
      'update users set signup_ip = null where signup_ip is not null and created_at <= ?',
      'update users set last_login_ip = null where last_login_ip is not null and coalesce(last_login_at, created_at) <= ?',
      'delete from login_known_addresses where last_success_at <= ?',
      'delete from login_attempts where attempted_at <= ?',
      'delete from signups where created_at <= ?',
    ];
    let changed = 0;
    for (const sql of statements) changed += (await tem.execute<QueryResult>(sql, [cutoff], 'run')).affectedRows;
    return changed;
  });
}
