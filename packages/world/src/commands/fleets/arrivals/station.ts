import { coordsText, targetCoords } from '../../flight/fleet-parts';
import { arrivedEvent, landAndEnd, notifyMovement, turnAround } from '../../flight/fleet-legs';
import type { ArrivalHandler } from '../../flight/arrival-context';

/**
 * STATION at an own territory: the units and their cargo join it for good and the movement ends. If
 * the territory is gone or no longer the player's, stationing fails and the fleet flies home.
 */
export const stationArrival: ArrivalHandler = async ({ tx, movement: m, at, start, target }) => {
  const ends = { start, target };
  if (!target || target.owner?.id !== m.userId) {
    const where = target ? target.name : coordsText(targetCoords(m));
    await notifyMovement(tx, m.userId, {
      type: 'STATIONING_FAILED',
      title: `Stationing at ${where} failed`,
      extra: { reason_failed: target ? `${target.name} is no longer your territory.` : `There is no territory at ${coordsText(targetCoords(m))} any more.` },
      as: arrivedEvent(m, target?.id),
    }, m, ends);
    await turnAround(tx, m, at);
    return;
  }
  await landAndEnd(tx, m, target, {
    type: 'STATIONING_COMPLETED',
    title: `Fleet stationed at ${target.name}`,
    extra: { stationed_units: { ...m.units }, stationed_resources: { ...m.resources } },
    as: arrivedEvent(m, target.id),
  }, ends);
};
