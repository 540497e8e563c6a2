import { createRng, spyDetectedContent, spyOutcome, spyReportContent } from '@brood/game-core';
import { arrivalSeed, coordsText, startCoords, targetCoords } from '../../flight/fleet-parts';
import { fleetScoresChanged } from '../../scores';
import { notifyInLegs, turnAround } from '../../flight/fleet-legs';
import { ownerEffects, type ArrivalContext, type ArrivalHandler } from '../../flight/arrival-context';
import { spyTarget } from './spy-target';

/** The spies of a fleet: its units with the SPY capability (dispatch lets only those fly a SPY mission). */
function spiesOf({ tx, movement: m }: ArrivalContext): number {
  return Object.entries(m.units).reduce((n, [key, count]) => n + (tx.catalogue.units[key]?.capabilities.includes('SPY') ? count : 0), 0);
}

/** A mission with nothing to spy on: the owner is told why and the spies fly home. */
async function spyFailed(ctx: ArrivalContext, type: 'SPY_FAILED_TARGET_NOT_FOUND' | 'SPY_FAILED_OWN_TERRITORY', details: string): Promise<void> {
  const { tx, movement: m, at, target } = ctx;
  await notifyInLegs(tx, m.userId, {
    message_type: type,
    title: `Espionage of ${coordsText(targetCoords(m))} failed`,
    content: { details, target_coords: targetCoords(m), movement_id: m.id },
    related_object_id: m.id,
  }, { event: type, data: { movement_id: m.id, territory_id: target?.id ?? null, details } });
  await turnAround(tx, m, at);
}

/**
 * SPY at its target (GAME-RULES "Spying"): the detail level and the detection roll come from
 * game-core with a generator seeded by the movement and the arrival instant; the report holds what
 * its level allows of the territory as it stands then. Detected spies are lost (the report still
 * comes, marked detected) and the target's owner learns where they came from; otherwise the spies
 * fly home. An empty position or an own territory gives a SPY_FAILED_ notification.
 */
export const spyArrival: ArrivalHandler = async (ctx) => {
  const { tx, movement: m, at, target, settled } = ctx;
  if (!target) return spyFailed(ctx, 'SPY_FAILED_TARGET_NOT_FOUND', `There is no territory at ${coordsText(targetCoords(m))} to spy on.`);
  const owner = target.owner?.id ?? null;
  if (owner === m.userId) return spyFailed(ctx, 'SPY_FAILED_OWN_TERRITORY', `${target.name} at ${coordsText(targetCoords(m))} is your own territory.`);

  const spies = spiesOf(ctx);
  const levels = {
    attacker: Math.floor((await ownerEffects(ctx)).spy_level ?? 0),
    defender: owner == null ? 0 : Math.floor(settled.get(target.id)?.economy.effects.spy_level ?? 0),
  };
  const seed = arrivalSeed('spy', m, at);
  const outcome = spyOutcome(tx.catalogue, { attackerSpyLevel: levels.attacker, defenderSpyLevel: levels.defender, spies }, createRng(seed));
  const detected = outcome.detected && owner != null;
  const report = spyReportContent(tx.catalogue, await spyTarget(tx.em, target, at), { ...outcome, detected }, at.toISOString());
  await notifyInLegs(tx, m.userId, {
    message_type: 'SPY_REPORT',
    title: `Spy report of ${target.name} (${coordsText(targetCoords(m))})${detected ? ': spies detected' : ''}`,
    content: { ...report, movement_id: m.id, spies_sent: spies, spies_lost: detected ? spies : 0, seed },
    related_object_id: m.id,
  }, { event: 'SPY_REPORT', data: { movement_id: m.id, territory_id: target.id } });
  if (!detected) return turnAround(tx, m, at);

  await notifyInLegs(tx, owner!, {
    message_type: 'SPY_DETECTED_BY_TARGET',
    title: `Spies detected at ${target.name}`,
    content: spyDetectedContent({ territory_id: target.id, territory_name: target.name, coords: targetCoords(m) }, startCoords(m), levels, at.toISOString()),
    related_object_id: m.id,
  }, { event: 'SPY_DETECTED_BY_TARGET', data: { movement_id: m.id, territory_id: target.id } });
  tx.em.remove(m);
  await fleetScoresChanged(tx, [m.userId]);
};
