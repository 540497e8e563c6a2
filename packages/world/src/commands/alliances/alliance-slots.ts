import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { publishEvents, type GameEventPayload } from '../../events';
import { slotsByLeader } from '../../queries/alliance-reads';

/** A finished research item, as the queue completion claims it. */
export interface CompletedResearch {
  userId: number;
  itemKey: string;
  endTime: Date;
}

const givesSlots = (catalogue: Catalogue, techKey: string) => (catalogue.technologies[techKey]?.effects ?? []).some((e) => e.effect === 'alliance_slots');

/**
 * An alliance's slots follow its leader's alliance_slots effect (GAME-RULES "Scores, alliances,
 * accounts"): when research that gives it completes for a leader and the count changes, every member
 * of the alliance hears ALLIANCE_SLOTS_CHANGED (social spec 7), on commit of the caller's transaction.
 * Membership itself never changes the slots (members count against them), so joins and departures
 * send only their own events; a transfer of leadership compares the two leaders (membership.command.ts).
 */
export async function announceSlotResearch(em: EntityManager, catalogue: Catalogue, completed: readonly CompletedResearch[]): Promise<void> {
  const items = completed.filter((i) => givesSlots(catalogue, i.itemKey));
  if (items.length === 0) return;
  const leaders = [...new Set(items.map((i) => i.userId))];
  const rows = await em.execute<{ leader_id: number; alliance_id: number; alliance_name: string; member_id: number }[]>(
    `select l.user_id as leader_id, a.id as alliance_id, a.name as alliance_name, m.user_id as member_id
       from alliance_members l join alliances a on a.id = l.alliance_id join alliance_members m on m.alliance_id = l.alliance_id
      where l.rank = 'LEADER' and l.user_id in (${leaders.map(() => '?').join(', ')}) order by m.user_id`,
    leaders,
  );
  if (rows.length === 0) return;
  const led = [...new Set(rows.map((r) => r.leader_id))];
  const times = (id: number) => items.filter((i) => i.userId === id).map((i) => i.endTime.getTime());
  const events: GameEventPayload[] = [];
  for (const leader of led) {
    // A millisecond either side: the stored end times carry microseconds the Dates have lost.
    const before = await slotsByLeader(em, catalogue, [leader], new Date(Math.min(...times(leader)) - 1));
    const after = await slotsByLeader(em, catalogue, [leader], new Date(Math.max(...times(leader)) + 1));
    if (before.get(leader) === after.get(leader)) continue;
    for (const r of rows.filter((x) => x.leader_id === leader)) {
      events.push({ user_id: r.member_id, event: 'ALLIANCE_SLOTS_CHANGED', data: { alliance_id: r.alliance_id, alliance_name: r.alliance_name } });
    }
  }
  await publishEvents(em, events);
}
