import { alliedFleetCounts } from '../../../queries/movement-counts.query';
import { noAlliedSlot, sameAlliance } from '../alliance';
import { coordsText, targetCoords } from '../../flight/fleet-parts';
import { arrivedEvent, notifyMovement, turnAround } from '../../flight/fleet-legs';
import type { ArrivalContext, ArrivalHandler } from '../../flight/arrival-context';

/** Why an allied fleet cannot station at the target now, or null when it can. */
async function refusal({ tx, movement: m, target, settled }: ArrivalContext): Promise<string | null> {
  const host = target?.owner?.id;
  if (!target || host == null) return `There is no territory at ${coordsText(targetCoords(m))} any more.`;
  if (host !== m.targetOwnerId || !(await sameAlliance(tx.em, m.userId, host))) return `${target.name} is no longer held by a member of your alliance.`;
  const max = Math.floor(settled.get(target.id)?.economy.effects.allied_fleet_slots ?? 0);
  const current = (await alliedFleetCounts(tx.em, [target.id])).get(target.id) ?? 0;
  if (current >= max) return noAlliedSlot(tx.catalogue, target.name, current, max);
  return null;
}

/**
 * ALLIED_STATIONING_PENDING at an ally's territory: the fleet becomes ALLIED_STATIONED there, with no
 * arrival time, taking one of the host territory's allied fleet slots; it stays until its owner
 * recalls it or the host cancels it. If the host is no ally any more or has no free slot, it flies home.
 */
export const alliedStationingArrival: ArrivalHandler = async (ctx) => {
  const { tx, movement: m, at, start, target, ownerName } = ctx;
  const ends = { start, target };
  const reason = await refusal(ctx);
  if (reason != null || !target) {
    await notifyMovement(tx, m.userId, { type: 'STATIONING_FAILED', title: `Stationing at ${coordsText(targetCoords(m))} failed`, extra: { reason_failed: reason }, as: arrivedEvent(m, target?.id) }, m, ends);
    await turnAround(tx, m, at);
    return;
  }
  m.mission = 'ALLIED_STATIONED';
  m.targetTerritoryId = target.id;
  m.startTime = at;
  m.arrivalTime = null;
  m.leg += 1;
  const extra = { stationed_units: { ...m.units }, stationed_resources: { ...m.resources } };
  await notifyMovement(tx, m.userId, { type: 'STATIONING_COMPLETED', title: `Fleet stationed with an ally at ${target.name}`, extra, as: arrivedEvent(m, target.id) }, m, ends);
  await notifyMovement(tx, target.owner!.id, {
    type: 'FLEET_ARRIVED_AT_DESTINATION',
    title: `${ownerName}'s fleet is stationed at ${target.name}`,
    extra: { ...extra, details: `${ownerName}'s fleet now guards ${target.name} until recalled or sent away.` },
    as: arrivedEvent(m, target.id),
  }, m, ends);
};
