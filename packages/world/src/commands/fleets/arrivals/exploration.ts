import {
  createRng, explorationOutcome, explorationStaySeconds, INTEL_ENGINE_VERSION, totalResources, type ExplorationOutcome,
} from '@brood/game-core';
import { publishEvent } from '../../../events';
import { fleetScoresChanged } from '../../scores';
import { leaveWreckage } from '../../wreckage';
import { arrivalSeed, coordsText, isEmpty, positive, targetCoords } from '../../flight/fleet-parts';
import { arrivedEvent, nextLeg, notifyInLegs, notifyMovement, turnAround, type LegsTx } from '../../flight/fleet-legs';
import type { Movement } from '../../../entities/movement.entity';
import { ownerEffects, type ArrivalContext, type ArrivalHandler } from '../../flight/arrival-context';

/** The hours the fleet was sent to explore (a double column reads back as text). */
const hoursOf = (m: Movement): number => Number(m.explorationDurationHours ?? 1);

/** The outbound leg ends at the target: the fleet stays there for its hours (the universe's speed shortens them). */
async function beginStay({ tx, movement: m, at }: ArrivalContext): Promise<void> {
  const stay = explorationStaySeconds(hoursOf(m), tx.catalogue.universe.universe_speed_factor);
  m.exploringSince = at;
  await nextLeg(tx, m, at, new Date(at.getTime() + stay * 1000));
  await publishEvent(tx.em, m.userId, 'MOVEMENT_ARRIVED', { movement_id: m.id, territory_id: null });
}

/** A battle's debris stays where the fleet fought: a wreckage field there (or merged into the one there). */
async function leaveBattleWreckage(tx: LegsTx, m: Movement, outcome: ExplorationOutcome, at: Date): Promise<void> {
  if (!outcome.wreckage_info) return;
  await leaveWreckage(tx, { region: m.targetRegion, sub_region: m.targetSubRegion, position: m.targetPosition }, outcome.wreckage_info.resources, at, [m.userId]);
}

/** Gains (resources, units joining or surrendering) or a won fight make an exploration successful. */
function succeeded(outcome: ExplorationOutcome): boolean {
  const gained = [outcome.found_resources, outcome.added_units, outcome.gained_surrendered_units].some((r) => totalResources(r) > 0);
  return gained || outcome.combat_report?.outcome === 'VICTORY_ATTACKER';
}

/** The exploration content of the social spec, with the combat's summary and what replays the outcome (seed, rules version). */
function content(m: Movement, outcome: ExplorationOutcome, seed: string, at: Date) {
  const combat = outcome.combat_report;
  const [own, feral] = combat?.participant_results ?? [];
  return {
    ...outcome,
    combat_report: combat && {
      outcome: combat.outcome,
      combat_start_time_utc: at.toISOString(),
      rounds_fought: combat.rounds_fought,
      hostile_units: feral?.initial_units ?? {},
      hostile_losses: feral?.losses_total ?? [],
      own_losses: own?.losses_total ?? [],
      seed: combat.seed,
    },
    exploration_duration_hours: hoursOf(m),
    movement_id: m.id,
    seed,
    engine_version: INTEL_ENGINE_VERSION,
  };
}

/**
 * EXPLORATION (GAME-RULES "Exploration"): the fleet flies to any position, stays its hours, then
 * an event is drawn by game-core (seeded by the movement and the end of the stay) and applied: finds
 * and gains join the fleet, losses leave it, a fight leaves its wreckage there. The owner gets
 * EXPLORATION_SUCCESSFUL or EXPLORATION_FAILED; the survivors fly home, or FLEET_LOST when none survive.
 */
export const explorationArrival: ArrivalHandler = async (ctx) => {
  const { tx, movement: m, at, start, target, ownerName } = ctx;
  if (!m.exploringSince) return beginStay(ctx);
  const seed = arrivalSeed('exploration', m, at);
  const outcome = explorationOutcome(tx.catalogue, {
    user_id: m.userId,
    username: ownerName,
    units: m.units,
    carried: m.resources,
    effects: await ownerEffects(ctx),
    hours: hoursOf(m),
    coords: targetCoords(m),
    location_name: target?.name ?? null,
  }, createRng(seed));
  await leaveBattleWreckage(tx, m, outcome, at);
  const type = succeeded(outcome) ? 'EXPLORATION_SUCCESSFUL' : 'EXPLORATION_FAILED';
  const where = target?.name ?? coordsText(targetCoords(m));
  await notifyInLegs(tx, m.userId, {
    message_type: type,
    title: type === 'EXPLORATION_SUCCESSFUL' ? `Exploration of ${where} succeeded` : `Exploration of ${where} failed`,
    content: content(m, outcome, seed, at),
    related_object_id: m.id,
  }, arrivedEvent(m, target?.id));
  const sent = { ...m.units };
  m.units = positive(outcome.final_fleet_units);
  m.resources = positive(outcome.final_fleet_resources);
  await fleetScoresChanged(tx, [m.userId]);
  if (!isEmpty(m.units)) return turnAround(tx, m, at);
  await notifyMovement(tx, m.userId, {
    type: 'FLEET_LOST',
    title: `The exploring fleet at ${where} was lost`,
    extra: { reason_lost: outcome.event_type === 'COMBAT' ? 'A feral swarm destroyed every unit of the fleet.' : 'No unit of the fleet survived the exploration.', original_mission: 'EXPLORATION', units: sent },
    as: arrivedEvent(m, target?.id),
  }, m, { start, target });
  tx.em.remove(m);
};
