import type { EntityManager } from '@mikro-orm/postgresql';
import { REFILL_CHUNK, RefillMarks, findSessionUser, findSessionUsers, type SessionUser } from '@brood/world';

/** Past this many kept accounts the oldest kept is dropped (about 100 bytes each). */
const MAX_KEPT = 100_000;

/**
 * The accounts behind signed-in calls (findSessionUser: exists, not suspended, guest not expired),
 * kept between calls so that a call does not read its account every time. Kept only while this
 * process hears every change of them: the users table NOTIFYs `account_changes` on commit of any
 * change to a name, guest state, operator role or suspension and of any removal (migration 0130),
 * the realtime listener forwards each to `forget`, and while that connection is down (`live` false)
 * nothing is kept and every call reads its account as before. A change made elsewhere reaches this
 * process within the NOTIFY's delivery (milliseconds); one made by this process is forgotten before
 * its call answers (`forget`). Operators and refused accounts are never kept: every call reads them.
 * When the connection comes back after a loss, the accounts kept before it are read again together
 * (`refill`), REFILL_CHUNK to a statement, rather than each by its player's next call.
 */
export class SessionCache {
  private readonly kept = new Map<number, SessionUser>();
  private live = false;
  /** Bumped by every forget: an account read before a change must not be kept after it. */
  private generation = 0;
  /** The accounts kept when the connection was lost, read again once it is back. */
  private lost: number[] = [];
  /** Refills under way: the accounts forgotten since each began. */
  private readonly refills = new RefillMarks<number>();

  /** The session user behind `userId` at `now`, or why its token is refused. */
  async find(em: EntityManager, userId: number, now: Date): Promise<SessionUser | { error: string }> {
    const hit = this.kept.get(userId);
    if (hit && (hit.expiresAt === null || hit.expiresAt > now)) return hit;
    const generation = this.generation;
    const found = await findSessionUser(em, userId, now);
    if (this.live && generation === this.generation && !('error' in found) && !found.isOperator) this.keep(found);
    return found;
  }

  /** Whether changes are heard (the LISTEN connection is up): on every change of it, all is dropped. */
  setLive(live: boolean): void {
    if (!live && this.kept.size > 0) this.lost = [...this.kept.keys()];
    this.live = live;
    this.forgetAll();
  }

  /** Reads again, once the connection is back, the accounts kept when it was lost; answers how many it kept. */
  async refill(em: EntityManager): Promise<number> {
    if (!this.live || this.lost.length === 0) return 0;
    const ids = this.lost;
    this.lost = [];
    let count = 0;
    const mark = this.refills.begin();
    try {
      for (let i = 0; i < ids.length && !mark.void; i += REFILL_CHUNK) {
        const found = await findSessionUsers(em, ids.slice(i, i + REFILL_CHUNK), new Date());
        for (const [id, user] of found) {
          if (!this.live || mark.void || mark.dirty.has(id) || this.kept.has(id) || 'error' in user || user.isOperator) continue;
          this.keep(user);
          count += 1;
        }
      }
    } finally {
      this.refills.end(mark);
    }
    return count;
  }

  forget(userId: number): void {
    this.generation += 1;
    this.refills.heard(userId);
    this.kept.delete(userId);
  }

  forgetAll(): void {
    this.generation += 1;
    this.refills.heardAll();
    this.kept.clear();
  }

  /** How many accounts are kept. */
  get size(): number {
    return this.kept.size;
  }

  private keep(user: SessionUser): void {
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(user.id, user);
  }
}
