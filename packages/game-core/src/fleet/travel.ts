import type { Catalogue, UnitDef } from '@brood/game-data';
import type { Coords, Counts } from '../types';
import { isOneWay, type Mission } from './mission-table';
import { toCoordsTuple } from '../types';

/** Euclidean distance over region, sub-region and position. */
export function distance(a: Coords, b: Coords): number {
  const [ar, as, ap] = toCoordsTuple(a);
  const [br, bs, bp] = toCoordsTuple(b);
  return Math.hypot(ar - br, as - bs, ap - bp);
}

const present = (units: Counts) => Object.entries(units).filter(([, n]) => n > 0);

/**
 * The slowest unit's speed; if the army has at least as many PULLER units as other units, the
 * non-pullers' speed is doubled. Speeds are raised by unit_speed_pct (percent). 0 for an empty army
 * or one that holds a unit that cannot move.
 */
export function fleetSpeed(units: Counts, catalogue: Catalogue, speedPct = 0): number {
  const list = present(units).map(([key, n]) => [catalogue.units[key], n] as const);
  if (list.length === 0) return 0;
  let pullers = 0;
  let others = 0;
  for (const [def, n] of list) {
    if (def?.capabilities.includes('PULLER')) pullers += n;
    else others += n;
  }
  const pulled = pullers >= others;
  let slowest = Number.POSITIVE_INFINITY;
  for (const [def] of list) {
    const base = def?.stats.speed ?? 0;
    const isPuller = def?.capabilities.includes('PULLER') ?? false;
    slowest = Math.min(slowest, pulled && !isPuller ? base * 2 : base);
  }
  return slowest * Math.max(0, 1 + speedPct / 100);
}

/**
 * Seconds for one leg: round((3600 + 2000 x sqrt(100 x distance / speed)) / universe speed), at
 * least 1. Infinite when the fleet cannot move (speed 0).
 */
export function travelTime(dist: number, speed: number, universeSpeed = 1): number {
  if (!(speed > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.round((3600 + 2000 * Math.sqrt((100 * dist) / speed)) / universeSpeed));
}

/** Fuel (biomass) per unit per hour in flight: fuel_consumption_per_hour, else the upkeep. */
export function unitFuelPerHour(def: UnitDef): number {
  return def.fuel_consumption_per_hour ?? def.biomass_consumption_per_hour;
}

/** Fuel: sum of consumption per unit per hour x quantity x trip hours, rounded up. */
export function fuelCost(units: Counts, catalogue: Catalogue, tripHours: number): number {
  let perHour = 0;
  for (const [key, n] of present(units)) {
    const def = catalogue.units[key];
    if (def) perHour += unitFuelPerHour(def) * n;
  }
  return Math.ceil(perHour * tripHours);
}

/**
 * Hours of flight paid for at launch: out and back for missions that return, one way for STATION
 * and COLONIZE; exploration adds its hours at the target.
 */
export function tripHours(mission: Mission, oneWaySeconds: number, explorationHours = 0): number {
  const legs = isOneWay(mission) ? 1 : 2;
  return (legs * oneWaySeconds) / 3600 + (mission === 'EXPLORATION' ? explorationHours : 0);
}

/** Fuel for a whole mission (see tripHours and fuelCost). */
export function missionFuel(units: Counts, catalogue: Catalogue, mission: Mission, oneWaySeconds: number, explorationHours = 0): number {
  return fuelCost(units, catalogue, tripHours(mission, oneWaySeconds, explorationHours));
}
