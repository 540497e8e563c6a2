import type { EntityManager } from '@mikro-orm/postgresql';
import { findSessionUser, type SessionUser } from '@brood/world';

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
 */
export class SessionCache {
  private readonly kept = new Map<number, SessionUser>();
  private live = false;
  /** Bumped by every forget: an account read before a change must not be kept after it. */
  private generation = 0;

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
    this.live = live;
    this.forgetAll();
  }

  forget(userId: number): void {
    this.generation += 1;
    this.kept.delete(userId);
  }

  forgetAll(): void {
    this.generation += 1;
    this.kept.clear();
  }

  private keep(user: SessionUser): void {
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(user.id, user);
  }
}
