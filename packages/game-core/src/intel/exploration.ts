import type { Catalogue, ExplorationEvent, ResourceKey } from '@brood/game-data';
import { RESOURCE_KEYS } from '@brood/game-data';
import type { Coords, Counts, Effects, Resources } from '../types';
import { toCoordsTuple } from '../types';
import type { Rng } from '../rng';
import { pickWeighted } from '../rng';
import { scorePoints } from '../scores/scores';
import { addResources, totalResources } from '../economy/resources';
import { cargoCapacity, clampResourcesToCargo } from '../fleet/missions';
import { resolveBattle } from '../combat/battle';
import type { CombatReport } from '../combat/types';

/**
 * The version of the intel rules (spyOutcome, explorationOutcome and the resolveBattle it calls):
 * stored with every spy and exploration outcome next to its seed, and bumped by any change that draws
 * a different outcome from the same input and seed, so an old outcome is replayed by the rules it was drawn with.
 */
export const INTEL_ENGINE_VERSION = 1;

/** How long a fleet stays exploring: its hours, divided like every duration by the universe speed; whole seconds, at least 1. */
export function explorationStaySeconds(hours: number, universeSpeedFactor: number): number {
  return Math.max(1, Math.round((hours * 3600) / universeSpeedFactor));
}

export interface ExplorationInput {
  readonly user_id: string | number;
  readonly username: string;
  readonly units: Counts;
  readonly carried?: Resources;
  /** the explorer's effect totals (combat bonuses, cargo_pct) */
  readonly effects?: Effects;
  readonly hours: number;
  readonly coords: Coords;
  readonly location_name?: string | null;
}

/** The social spec's event types: HAZARD shows as NOTHING_FOUND with lost units. */
export type ExplorationEventType = 'NOTHING' | 'NOTHING_FOUND' | 'RESOURCE_FIND' | 'UNIT_GAIN' | 'COMBAT';

const add = (a: Counts, b: Counts): Record<string, number> => {
  const out: Record<string, number> = { ...a };
  for (const [k, n] of Object.entries(b)) out[k] = (out[k] ?? 0) + n;
  return out;
};
const minus = (a: Counts, b: Counts): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(a)) if (n - (b[k] ?? 0) > 0) out[k] = n - (b[k] ?? 0);
  return out;
};

/** Tier-weighted value of an army (the score's weights, before the divisor). */
function armyValue(catalogue: Catalogue, units: Counts): number {
  let v = 0;
  for (const [k, n] of Object.entries(units)) {
    const def = catalogue.units[k];
    if (def) v += n * scorePoints(catalogue, def.cost) * catalogue.universe.score.divisor;
  }
  return v;
}

function findResources(catalogue: Catalogue, input: ExplorationInput, value: number, rng: Rng): Resources {
  const ex = catalogue.universe.exploration;
  const tiers = Object.fromEntries(ex.resource_find_tier_weights.map((w, i) => [String(i + 1), w]));
  const tier = Number(pickWeighted(rng, tiers) ?? 1);
  const keys = RESOURCE_KEYS.filter((k) => catalogue.resources[k].tier === tier);
  const key = keys[rng.int(keys.length)] as ResourceKey;
  const budget = value * ex.resource_find_value_per_hour * input.hours * rng.range(0.5, 1.5);
  const amount = Math.floor(budget / (catalogue.universe.score.tier_weights[tier - 1] ?? 1));
  return amount > 0 ? { [key]: amount } : {};
}

function hostileFleet(catalogue: Catalogue, value: number): Record<string, number> {
  const weights = catalogue.universe.exploration.combat_units;
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const fleet: Record<string, number> = {};
  for (const [key, w] of Object.entries(weights)) {
    const unit = armyValue(catalogue, { [key]: 1 });
    const n = total > 0 && unit > 0 ? Math.floor((value * w) / total / unit) : 0;
    if (n > 0) fleet[key] = n;
  }
  const first = Object.keys(weights)[0];
  if (Object.keys(fleet).length === 0 && first) fleet[first] = 1;
  return fleet;
}

/**
 * One exploration at the target for `hours`: an event drawn from the universe's weights; finds,
 * gains and losses scale with the fleet's value or size and the hours, and what the fleet brings
 * home is capped by its cargo. A COMBAT event is a full battle against a feral fleet sized to the
 * explorer, with its own combat report.
 */
export function explorationOutcome(catalogue: Catalogue, input: ExplorationInput, rng: Rng) {
  const ex = catalogue.universe.exploration;
  const drawn: ExplorationEvent = pickWeighted(rng, ex.events) ?? 'NOTHING';
  const value = armyValue(catalogue, input.units);
  const size = Object.values(input.units).reduce((a, b) => a + b, 0);
  let event_type: ExplorationEventType = drawn === 'HAZARD' ? 'NOTHING_FOUND' : drawn;
  let message = 'The void was quiet. The fleet found nothing of note.';
  let found: Resources = {};
  let added: Record<string, number> = {};
  const surrendered: Record<string, number> = {};
  let lost: Record<string, number> = {};
  let combat: CombatReport | null = null;

  if (drawn === 'RESOURCE_FIND') {
    found = findResources(catalogue, input, value, rng);
    message = 'The swarm found a drifting cache and swallowed what it could carry.';
  } else if (drawn === 'UNIT_GAIN') {
    const key = pickWeighted(rng, ex.unit_gain_units);
    const n = Math.max(1, Math.floor(size * ex.unit_gain_fleet_share_per_hour * input.hours * rng.range(0.5, 1.5)));
    if (key) added = { [key]: n };
    message = 'Feral creatures of the void joined the swarm.';
  } else if (drawn === 'HAZARD') {
    const share = rng.range(0, ex.loss_max_share);
    for (const [k, n] of Object.entries(input.units)) if (Math.floor(n * share) > 0) lost[k] = Math.floor(n * share);
    const firstKey = Object.keys(input.units).find((k) => (input.units[k] ?? 0) > 0);
    if (Object.keys(lost).length === 0 && firstKey) lost = { [firstKey]: 1 };
    message = 'A gravity storm tore through the swarm. Some creatures were lost.';
  } else if (drawn === 'COMBAT') {
    const hostile = hostileFleet(catalogue, value * rng.range(ex.combat_strength_min, ex.combat_strength_max));
    combat = resolveBattle({
      catalogue,
      participants: [
        { role: 'ATTACKER', user_id: input.user_id, username: input.username, units: input.units, effects: input.effects ?? {}, carried_resources: input.carried ?? {} },
        { role: 'DEFENDER', user_id: null, username: 'Feral swarm', units: hostile },
      ],
      target: { coords: input.coords, territory_name: input.location_name ?? null, stock: {}, effects: {} },
    }, rng);
    const [own, feral] = combat.participant_results;
    lost = Object.fromEntries((own?.losses_total ?? []).map((l) => [l.unit_key, l.lost]));
    if (combat.outcome === 'VICTORY_ATTACKER') {
      for (const [k, n] of Object.entries(feral?.initial_units ?? {})) {
        const s = Math.floor(n * ex.combat_surrender_share * rng.next());
        if (s > 0) surrendered[k] = s;
      }
    }
    message = combat.outcome === 'VICTORY_ATTACKER' ? 'A feral swarm attacked and was destroyed.' : 'A feral swarm attacked the fleet.';
  }

  const final_fleet_units = add(add(minus(input.units, lost), added), surrendered);
  // the fleet keeps what it carried first (a lost hauler drops its share), then fills up with finds
  const capacity = cargoCapacity(final_fleet_units, catalogue, input.effects?.cargo_pct ?? 0);
  const order = catalogue.orderedResourceKeys;
  const carried = input.carried ?? {};
  const keptCarried = clampResourcesToCargo(carried, carried, capacity, order);
  found = clampResourcesToCargo(found, found, capacity - totalResources(keptCarried), order);
  const final_fleet_resources = addResources(keptCarried, found);
  if (drawn === 'RESOURCE_FIND' && totalResources(found) < 1) {
    event_type = 'NOTHING_FOUND';
    message = 'The swarm found a drifting cache but had no room left to carry any of it.';
  }
  return {
    event_type,
    message,
    location_coords: toCoordsTuple(input.coords),
    location_name: input.location_name ?? null,
    found_resources: found,
    added_units: added,
    gained_surrendered_units: surrendered,
    lost_units: lost,
    final_fleet_units,
    final_fleet_resources,
    combat_report: combat,
    wreckage_info: combat && totalResources(combat.wreckage.resources) > 0
      ? { resources: combat.wreckage.resources, location_coords: toCoordsTuple(input.coords) }
      : null,
  };
}
export type ExplorationOutcome = ReturnType<typeof explorationOutcome>;
