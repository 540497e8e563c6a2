import { Territory } from '../../entities/territory.entity';
import { publishEvent } from '../../events';
import { lockArriving } from '../../kernel/locks';
import { notifyMovement, turnHome, type LegsTx } from '../flight/fleet-legs';

const ALLIED = new Set(['ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING']);

/**
 * A disbanded alliance's members are allies no more: the fleets they stationed with one another
 * (stationed, or still on their way) fly home, each owner is told why and each host's movements
 * refresh. Runs after the alliance row is locked (step 1), locking the movements (step 4).
 */
export async function sendAlliedFleetsHome(tx: LegsTx, members: readonly number[], allianceName: string, now: Date): Promise<number> {
  if (members.length < 2) return 0;
  const marks = members.map(() => '?').join(', ');
  const rows = await tx.em.execute<{ id: string }[]>(
    `select m.id from movements m
       join territories t on t.region = m.target_region and t.sub_region = m.target_sub_region and t.position = m.target_position
      where m.mission in ('ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING') and m.user_id in (${marks}) and t.owner_id in (${marks}) and t.owner_id <> m.user_id`,
    [...members, ...members],
  );
  const fleets = (await lockArriving(tx.em, rows.map((r) => r.id))).filter((m) => ALLIED.has(m.mission));
  for (const m of fleets) {
    const host = await tx.em.findOne(Territory, { region: m.targetRegion, subRegion: m.targetSubRegion, position: m.targetPosition });
    const start = m.startTerritoryId != null ? await tx.em.findOne(Territory, { id: m.startTerritoryId }) : null;
    await turnHome(tx, m, now);
    await notifyMovement(tx, m.userId, {
      type: 'ALLIED_STATIONING_CANCELLED_BY_TARGET',
      title: `Your fleet at ${host?.name ?? 'a former ally'} flies home`,
      extra: { reason_failed: `The alliance ${allianceName} was disbanded: its members are no longer allies.` },
      as: { event: 'MOVEMENT_CANCELLED', data: { movement_id: m.id, territory_id: host?.id ?? null, reason: 'The alliance was disbanded' } },
    }, m, { start, target: host });
    if (host?.owner) await publishEvent(tx.em, host.owner.id, 'MOVEMENT_CANCELLED', { movement_id: m.id, territory_id: host.id });
  }
  return fleets.length;
}
