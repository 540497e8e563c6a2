import { fleetScoresChanged } from '../../scores';
import { arrivedEvent, landAndEnd, notifyMovement } from '../../flight/fleet-legs';
import type { ArrivalHandler } from '../../flight/arrival-context';

/**
 * RETURN at home: units and cargo rejoin the territory the fleet left from and the movement ends.
 * If that territory is gone or lost to someone else, the fleet has nowhere to land: FLEET_LOST.
 */
export const returnArrival: ArrivalHandler = async ({ tx, movement: m, start, target }) => {
  const ends = { start, target };
  if (!start || start.owner?.id !== m.userId) {
    await notifyMovement(tx, m.userId, {
      type: 'FLEET_LOST',
      title: 'A returning fleet was lost',
      extra: { reason_lost: 'Its home territory is no longer yours.' },
      as: arrivedEvent(m, m.startTerritoryId),
    }, m, ends);
    tx.em.remove(m);
    await fleetScoresChanged(tx, [m.userId]);
    return;
  }
  await landAndEnd(tx, m, start, {
    type: 'FLEET_RETURNED_TO_ORIGIN',
    title: `Fleet returned to ${start.name}`,
    extra: { returned_units: { ...m.units }, returned_resources: { ...m.resources } },
    as: { event: 'FLEET_RETURNED_TO_ORIGIN', data: { movement_id: m.id, territory_id: start.id } },
  }, ends);
};
