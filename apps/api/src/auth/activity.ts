import type { EntityManager } from '@mikro-orm/postgresql';
import { recordActivity } from '@brood/world';

/** A player's activity is written at most this often (a sign-in always writes it). */
export const ACTIVITY_EVERY_MS = 5 * 60_000;

/**
 * When this process last recorded each player active: a signed-in call writes last_active_at only
 * when ACTIVITY_EVERY_MS has passed since, so most calls cost no database round trip at all.
 */
export class ActivityClock {
  private readonly written = new Map<number, number>();

  async touch(em: EntityManager, userId: number, now: Date): Promise<void> {
    const last = this.written.get(userId);
    if (last !== undefined && now.getTime() - last < ACTIVITY_EVERY_MS) return;
    if (this.written.size >= 100_000) this.written.clear();
    this.written.set(userId, now.getTime());
    await recordActivity(em, userId, now, ACTIVITY_EVERY_MS);
  }
}
