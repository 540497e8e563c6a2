import { addAmounts, coordsText, targetCoords } from '../../flight/fleet-parts';
import { arrivedEvent, notifyMovement, turnAround } from '../../flight/fleet-legs';
import type { ArrivalHandler } from '../../flight/arrival-context';

/**
 * TRANSPORT at its target: the cargo is delivered to whoever holds the territory there, and the
 * fleet flies home empty. With no territory there any more, the transport fails and the cargo flies home.
 */
export const transportArrival: ArrivalHandler = async ({ tx, movement: m, at, start, target, ownerName }) => {
  const ends = { start, target };
  const receiver = target?.owner?.id;
  if (!target || receiver == null) {
    await notifyMovement(tx, m.userId, {
      type: 'TRANSPORT_FAILED',
      title: `Transport to ${coordsText(targetCoords(m))} failed`,
      extra: { reason_failed: `There is no territory at ${coordsText(targetCoords(m))} any more.` },
      as: arrivedEvent(m, m.startTerritoryId),
    }, m, ends);
    await turnAround(tx, m, at);
    return;
  }
  const delivered = { ...m.resources };
  target.resources = addAmounts(target.resources, delivered);
  m.resources = {};
  const extra = { delivered_resources: delivered, transported_units: { ...m.units } };
  await notifyMovement(tx, m.userId, { type: 'TRANSPORT_COMPLETED', title: `Transport delivered to ${target.name}`, extra, as: arrivedEvent(m, target.id) }, m, ends);
  if (receiver !== m.userId) {
    await notifyMovement(tx, receiver, {
      type: 'FLEET_ARRIVED_AT_DESTINATION',
      title: `${ownerName} delivered resources to ${target.name}`,
      extra: { ...extra, details: `A transport from ${ownerName} unloaded its cargo at ${target.name}.` },
      as: arrivedEvent(m, target.id),
    }, m, ends);
  }
  await turnAround(tx, m, at);
};
