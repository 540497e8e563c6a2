import { missionLabel } from '@brood/game-core';
import { type Movement } from '../../entities/movement.entity';
import { Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import { publishEvent } from '../../events';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { lockMovementRow } from '../../kernel/locks';
import { coordsText, MOVEMENT_NOT_FOUND, targetCoords } from '../flight/fleet-parts';
import { inFleetTransaction, notifyMovement, turnHome, type LegsTx } from '../flight/fleet-legs';
import { leaveGroup, lockOwnGroup } from '../multi-party/group-recall';
import { sendAllyHome } from './send-ally-home';

/** The answer of a recall or a cancelled stationing: the movement, now heading home. */
export interface RecalledMovement {
  id: string;
  mission_type: Movement['mission'];
  original_mission: Movement['originalMission'];
  is_returning: true;
  start_time: string;
  arrival_time: string;
}

const answer = (m: Movement): RecalledMovement => ({
  id: m.id,
  mission_type: m.mission,
  original_mission: m.originalMission,
  is_returning: true,
  start_time: m.startTime.toISOString(),
  arrival_time: m.arrivalTime!.toISOString(),
});

const isAllied = (m: Movement) => m.mission === 'ALLIED_STATIONED' || m.mission === 'ALLIED_STATIONING_PENDING';

/** The movement row, locked for the rest of the transaction (a movement is locked before any territory). */
async function lockMovement(tx: WorldDeps, id: string): Promise<Movement> {
  const m = await lockMovementRow(tx.em, id);
  if (!m) throw fail.notFound(MOVEMENT_NOT_FOUND);
  return m;
}

/** The territory a fleet is stationed at or heading for, and its current owner. */
async function hostOf(tx: WorldDeps, m: Movement): Promise<Territory | null> {
  return tx.em.findOne(Territory, { region: m.targetRegion, subRegion: m.targetSubRegion, position: m.targetPosition });
}

async function cancelAsHost(tx: LegsTx, m: Movement, host: Territory, now: Date): Promise<RecalledMovement> {
  await sendAllyHome(tx, m, host, `The owner of ${host.name} cancelled the stationing.`, now);
  return answer(m);
}

/**
 * POST /movements/{id}/recall. The owner turns a fleet that is not heading home around: it flies back
 * as long as it had flown (a stationed ally flies a whole leg). In a multi-party attack the
 * initiator's recall breaks the group up and a participant's leaves it (multi-party/group-recall.ts).
 * The owner of the territory an allied fleet is stationed at (or on its way to) may use it too: that
 * cancels the stationing.
 */
export async function recallMovement(deps: WorldDeps, actor: Actor, input: { movement_id: string }, now: Date): Promise<RecalledMovement> {
  return inFleetTransaction(deps, now, async (tx) => {
    // An initiator's recall turns the whole group: its rows are locked first, in the group's lock order.
    const group = await lockOwnGroup(tx, actor, input.movement_id);
    const m = group?.find((g) => g.id === input.movement_id) ?? (await lockMovement(tx, input.movement_id));
    if (m.userId !== actor.id) {
      const host = isAllied(m) ? await hostOf(tx, m) : null;
      if (host && host.owner?.id === actor.id) return cancelAsHost(tx, m, host, now);
      throw fail.notFound(MOVEMENT_NOT_FOUND);
    }
    const mission = m.mission;
    await turnHome(tx, m, now);
    await leaveGroup(tx, m, mission, group ?? [], now);
    const [start, target] = await Promise.all([
      m.startTerritoryId != null ? tx.em.findOne(Territory, { id: m.startTerritoryId }) : null,
      hostOf(tx, m),
    ]);
    await notifyMovement(tx, actor.id, {
      type: 'FLEET_RECALLED',
      title: `${missionLabel(mission)} fleet to ${coordsText(targetCoords(m))} recalled`,
      extra: { returns_at: m.arrivalTime!.toISOString() },
      as: { event: 'MOVEMENT_CANCELLED', data: { movement_id: m.id, territory_id: m.startTerritoryId } },
    }, m, { start, target });
    const targetOwner = target?.owner?.id;
    if (targetOwner != null && targetOwner !== actor.id) await publishEvent(tx.em, targetOwner, 'MOVEMENT_CANCELLED', { movement_id: m.id, territory_id: target!.id });
    return answer(m);
  });
}

/** The host sends an allied fleet home from its territory (stationed, or still on its way). */
export async function cancelStationing(deps: WorldDeps, actor: Actor, input: { movement_id: string }, now: Date): Promise<RecalledMovement> {
  return inFleetTransaction(deps, now, async (tx) => {
    const m = await lockMovement(tx, input.movement_id);
    const host = isAllied(m) ? await hostOf(tx, m) : null;
    if (!host || host.owner?.id !== actor.id) {
      if (m.userId === actor.id || host) throw fail.forbidden('Only the owner of the territory can cancel an allied stationing there');
      throw fail.notFound(MOVEMENT_NOT_FOUND);
    }
    return cancelAsHost(tx, m, host, now);
  });
}
