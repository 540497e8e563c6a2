import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { touchLastActive } from '@brood/world';

/** Past this many players remembered, the memory starts over (a few bytes each). */
const MAX_REMEMBERED = 200_000;

/**
 * Marks signed-in players active (users.last_active_at; buddies see 'online'). This process writes a
 * player's time at most once every `messages.last_active_write_minutes`, and the update itself skips a
 * fresh time, so several api processes add at most one write each per player per interval.
 */
export class LastActive {
  private readonly written = new Map<number, number>();

  async touch(em: EntityManager, catalogue: Catalogue, userId: number, now: Date): Promise<void> {
    const intervalMs = catalogue.universe.messages.last_active_write_minutes * 60_000;
    const last = this.written.get(userId);
    if (last !== undefined && now.getTime() - last < intervalMs) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(userId, now.getTime());
    await touchLastActive({ em: em.fork(), catalogue }, userId, now);
  }
}
