import type { EntityManager } from '@mikro-orm/postgresql';
import { SIGNUP_WINDOW_MS } from './signup-limit';

/** Sign-up records older than the hour they count for (the guest-expiry job runs it every minute). */
export async function pruneSignups(em: EntityManager, now: Date): Promise<number> {
  const rows = await em.fork().execute('delete from signups where created_at <= ? returning id', [new Date(now.getTime() - SIGNUP_WINDOW_MS)]);
  return rows.length;
}
