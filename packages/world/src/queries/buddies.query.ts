import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { boundRows } from '../kernel/bulk-write';

/** GET /buddies (the shape): buddies with 'online' (active in the last `messages.online_minutes`), and requests each way. */
export interface BuddyList {
  buddies: { id: number; user_id: number; username: string; online: boolean }[];
  requests: { id: number; user_id: number; username: string; direction: 'incoming' | 'outgoing' }[];
}

/**
 * The actor's buddies and requests. A request from a player the actor blocked is not listed (the
 * requester still sees it as waiting: they are not told).
 */
export async function listBuddies(deps: { em: EntityManager; catalogue: Catalogue }, actor: { id: number }, now: Date): Promise<BuddyList> {
  const onlineSince = new Date(now.getTime() - deps.catalogue.universe.messages.online_minutes * 60_000);
  const rows = await boundRows<{ id: string; user_id: number; username: string; accepted: boolean; outgoing: boolean; online: boolean }>(
    deps.em,
    `select b.id, u.id as user_id, u.username, b.accepted_at is not null as accepted, b.requester_id = ? as outgoing,
       coalesce(u.last_active_at > ?, false) as online
     from buddies b join users u on u.id = case when b.requester_id = ? then b.addressee_id else b.requester_id end
     where (b.requester_id = ? or b.addressee_id = ?)
       and (b.accepted_at is not null or b.requester_id = ?
         or not exists (select 1 from player_blocks x where x.blocker_id = ? and x.blocked_id = b.requester_id))
     order by lower(u.username), b.id`,
    [actor.id, onlineSince, actor.id, actor.id, actor.id, actor.id, actor.id],
  );
  return {
    buddies: rows.filter((r) => r.accepted).map((r) => ({ id: Number(r.id), user_id: r.user_id, username: r.username, online: r.online })),
    requests: rows.filter((r) => !r.accepted).map((r) => ({ id: Number(r.id), user_id: r.user_id, username: r.username, direction: r.outgoing ? 'outgoing' : 'incoming' })),
  };
}
