import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { recordActivity } from '@brood/world';

/** Past this many players remembered, the memory starts over (a few bytes each). */
const MAX_REMEMBERED = 200_000;

/**
 * When this process last recorded each player active (users.last_active_at: fair play's 'i' and 'I',
 * buddies' 'online'). A signed-in call writes it only when `messages.last_active_write_minutes` have
 * passed since, so most calls cost no database round trip; a sign-in always writes it.
 */
export class ActivityClock {
  private readonly written = new Map<number, number>();

  async touch(em: EntityManager, catalogue: Catalogue, userId: number, now: Date): Promise<void> {
    const everyMs = catalogue.universe.messages.last_active_write_minutes * 60_000;
    const last = this.written.get(userId);
    if (last !== undefined && now.getTime() - last < everyMs) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(userId, now.getTime());
    await recordActivity(em, userId, now, everyMs);
  }
}
