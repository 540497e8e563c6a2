import { DISPATCH_SENTENCES, explorationTooLong } from '@brood/contracts';
import {
  cargoCapacity, DISPATCHABLE_MISSIONS, fleetFitness, fleetSpeed, isDispatchable, missionCarriesResources, missionLabel, missionWithArticle,
  type Dispatchable, type Effects, type Mission,
} from '@brood/game-core';
import { entryOf, type Catalogue } from '@brood/game-data';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import { coordsText, resourceName, unitName, type Coords3 } from './fleet-parts';

/**
 * The refusals of a dispatch (core spec 5 "Dispatch"), each a sentence the player reads. They run in
 * the order the spec lists them, before anything is taken from the start territory.
 */

export const DISPATCH = {
  ...DISPATCH_SENTENCES,
  stationNeedsAlly: 'Stationing at another player\'s territory needs an alliance member: you can only station with players of your alliance.',
} as const;

/** A participant's fleet is sent by accepting an invitation, never by POST /movements. */
export const JOIN_BY_INVITATION = 'A fleet joins a multi-party attack by accepting an invitation to it: open the invitation and choose Accept.';

/** Only the missions game-core's table marks dispatchable are sent; the others are states a fleet gets into. */
export function checkMission(mission: Mission): Dispatchable {
  if (mission === 'MULTI_PARTY_ATTACK_PARTICIPANT') throw fail.badRequest(JOIN_BY_INVITATION);
  if (!isDispatchable(mission)) throw fail.badRequest(`${missionLabel(mission)} is not a mission a fleet can be sent on.`);
  return mission;
}

/** Coordinates inside the galaxy (the input schema has already refused missing or negative ones). */
export function checkCoordinates(catalogue: Catalogue, target: Coords3): void {
  const { regions, sub_regions: subRegions, positions } = catalogue.universe.map;
  const [r, s, p] = target;
  if (r < 1 || r > regions || s < 1 || s > subRegions || p < 1 || p > positions) {
    throw fail.badRequest(`Coordinates ${coordsText(target)} are outside the galaxy (regions 1-${regions}, sub-regions 1-${subRegions}, positions 1-${positions}).`);
  }
}

/** Every selected unit exists, is at the start territory in that number, and fits the mission. */
export function checkUnits(catalogue: Catalogue, units: AmountMap, start: Territory, mission: Mission): void {
  if (Object.keys(units).length === 0) throw fail.badRequest(DISPATCH.noUnits);
  for (const [key, n] of Object.entries(units)) {
    const def = entryOf(catalogue.units, key);
    if (!def) throw fail.badRequest(`Unknown unit '${key}'.`);
    const have = start.units[key] ?? 0;
    if (n > have) throw fail.badRequest(`Not enough ${def.name} at ${start.name}: ${n} selected, ${have} there.`);
  }
  // The same function as the map's (game-core canFlyOnMission): the map never offers what this refuses.
  const fit = fleetFitness(Object.keys(units).map((key) => [key, catalogue.units[key]!] as const), mission);
  if (fit.ok) return;
  if (fit.reason === 'none-moves') throw fail.badRequest(DISPATCH.cannotMove);
  const names = fit.units.map((k) => unitName(catalogue, k)).join(', ');
  throw fail.badRequest(fit.reason === 'not-eligible' ? `${names} cannot take part in ${missionWithArticle(mission)} mission.` : `${names} cannot move: leave them at home.`);
}

/** The dispatchable missions that carry cargo, as a player reads them: 'Transport, Colonize and Station'. */
const CARRIERS = DISPATCHABLE_MISSIONS.filter(missionCarriesResources).map(missionLabel).join(', ').replace(/, ([^,]*)$/, ' and $1');

/** Cargo rides only on missions that carry it, fits the fleet, and is known. */
export function checkCargo(catalogue: Catalogue, units: AmountMap, resources: AmountMap, mission: Mission, effects: Effects): void {
  const keys = Object.keys(resources);
  if (keys.length === 0) return;
  if (!missionCarriesResources(mission)) throw fail.badRequest(`${missionLabel(mission)} missions carry no resources: only ${CARRIERS} do.`);
  for (const key of keys) if (!entryOf(catalogue.resources, key)) throw fail.badRequest(`Unknown resource '${key}'.`);
  const total = Object.values(resources).reduce((a, b) => a + b, 0);
  if (total > cargoCapacity(units, catalogue, effects.cargo_pct ?? 0)) throw fail.badRequest(DISPATCH.cargoExceeded);
}

/** Exploration hours: positive, and at most the player's maximum (global stats). */
export function checkExploration(mission: Mission, hours: number | null | undefined, effects: Effects, catalogue: Catalogue): number | null {
  if (mission !== 'EXPLORATION') return null;
  if (hours == null || !Number.isFinite(hours) || hours <= 0) throw fail.badRequest(DISPATCH.explorationInvalid);
  const max = Math.round((effects.max_exploration_duration_hours ?? catalogue.universe.max_exploration_duration_hours) * 100) / 100;
  if (hours > max) throw fail.badRequest(explorationTooLong(hours, max));
  return hours;
}

/** Cargo and fuel must be in stock at the start territory after settling. */
export function checkStock(catalogue: Catalogue, start: Territory, resources: AmountMap, fuel: number): void {
  for (const [key, n] of Object.entries(resources)) {
    const have = Math.floor(start.resources[key] ?? 0);
    if (n > have) throw fail.badRequest(`Not enough ${resourceName(catalogue, key)} at ${start.name}: ${n} selected, ${have} in stock.`);
  }
  const biomass = Math.floor(start.resources.biomass ?? 0) - (resources.biomass ?? 0);
  if (fuel > biomass) throw fail.badRequest(`Not enough Biomass for fuel: this flight burns ${fuel}, ${Math.max(0, biomass)} is left at ${start.name}.`);
}

export const speedOf = (catalogue: Catalogue, units: AmountMap, effects: Effects): number => fleetSpeed(units, catalogue, effects.unit_speed_pct ?? 0);

/** A free fleet slot: every movement of the player (`flying`, checkFairPlay's `fleets`) takes one of `max_fleets` until it is home. */
export function checkFleetSlots(flying: number, effects: Effects): void {
  const maxFleets = Math.floor(effects.max_fleets ?? 0);
  if (flying >= maxFleets) throw fail.conflict(`All your fleet slots are in use (${flying} of ${maxFleets}): wait for a fleet to come home or recall one.`);
}
