import { ownedTerritories } from '../../../kernel/access';
import { fleetScoresChanged } from '../../scores';
import { foundTerritory } from '../../territories/found-territory';
import { addAmounts, coordsText, subtractAmounts, targetCoords } from '../../flight/fleet-parts';
import { notifyMovement, turnAround } from '../../flight/fleet-legs';
import { ownerEffects, type ArrivalContext, type ArrivalHandler } from '../../flight/arrival-context';

/** The name a colony is founded with (the player can rename it). */
export const COLONY_NAME = 'Colony';

/** The colonizing unit the fleet gives up: the first of its units with the COLONIZE capability. */
function colonizer({ tx, movement: m }: ArrivalContext): string | undefined {
  return Object.keys(m.units).find((key) => (m.units[key] ?? 0) > 0 && tx.catalogue.units[key]?.capabilities.includes('COLONIZE'));
}

async function refusal(ctx: ArrivalContext): Promise<string | null> {
  const { tx, movement: m, target } = ctx;
  if (!colonizer(ctx)) return 'The fleet carries no unit that can colonize.';
  if (target) return `The position ${coordsText(targetCoords(m))} is already taken by ${target.name}.`;
  const max = Math.floor((await ownerEffects(ctx)).max_territories ?? 0);
  const held = (await ownedTerritories(tx.em, m.userId)).length;
  if (held >= max) return `You already hold ${held} of ${max} territories: research further to found another.`;
  return null;
}

/**
 * COLONIZE at its target: with a colonizing unit, a free position and a free max_territories slot,
 * one colonizing unit is consumed and a territory is founded there (the universe's new-territory
 * stock and structures); the cargo unloads and the other units stay. Otherwise COLONIZATION_FAILED
 * and the fleet flies home with everything. The owner's row is locked by the caller, so two
 * colonies cannot both take the last slot.
 */
export const colonizeArrival: ArrivalHandler = async (ctx) => {
  const { tx, movement: m, at, start, target } = ctx;
  const fail = async (reason: string) => {
    await notifyMovement(tx, m.userId, {
      type: 'COLONIZATION_FAILED',
      title: `Colonization of ${coordsText(targetCoords(m))} failed`,
      extra: { reason_failed: reason },
      as: { event: 'COLONIZATION_FAILED', data: { movement_id: m.id, territory_id: null, reason } },
    }, m, { start, target });
    await turnAround(tx, m, at);
  };
  const reason = await refusal(ctx);
  if (reason != null) return fail(reason);
  const founded = await foundTerritory(tx.em, { id: m.userId }, targetCoords(m), COLONY_NAME, at, tx.catalogue);
  if (!founded) return fail(`The position ${coordsText(targetCoords(m))} is already taken.`);
  const staying = subtractAmounts(m.units, { [colonizer(ctx)!]: 1 });
  founded.units = addAmounts(founded.units, staying);
  founded.resources = addAmounts(founded.resources, m.resources);
  await notifyMovement(tx, m.userId, {
    type: 'COLONIZATION_SUCCESSFUL',
    title: `${COLONY_NAME} founded at ${coordsText(targetCoords(m))}`,
    extra: { colonized_coords: targetCoords(m), colonized_planet_name: founded.name, stationed_units: staying, delivered_resources: { ...m.resources } },
    as: { event: 'COLONIZATION_SUCCESSFUL', data: { movement_id: m.id, territory_id: founded.id } },
  }, m, { start, target: founded });
  tx.em.remove(m);
  await fleetScoresChanged(tx, [m.userId]);
};
