import { DISPATCH_SENTENCES, explorationTooLong } from '@brood/contracts';
import { cargoCapacity, distance, fleetSpeed, isEligibleForMission, missionCarriesResources, missionFuel, travelTime } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { MissionType } from '../../stores/ui-store';

/** Core spec §5 "Dispatch" and "Gather": the sentences the form shows, the same list the server answers with. */
export const DISPATCH_ERRORS = DISPATCH_SENTENCES;
export { explorationTooLong };

/** Core §4 "Mission dispatch": shown for 2.5 s after a mission change dropped units. */
export const UNITS_UNSELECTED = 'Some units were unselected as they are not suitable for the new mission.';
export const UNIT_NOTICE_MS = 2500;

/** Core §8 "Travel ETA placeholders". */
export const ETA = {
  none: 'N/A',
  cannotMove: 'Cannot Move',
  invalidTarget: 'Invalid Target',
  sameSector: 'Same Sector',
  cannotReach: 'Cannot Reach',
} as const;

/** Coordinate inputs take digits only; R and S up to 4 characters, P up to 2 (core §5). */
export const COORDINATE_LENGTH = { r: 4, s: 4, p: 2 } as const;
export type CoordinateField = keyof typeof COORDINATE_LENGTH;

export function sanitizeCoordinate(field: CoordinateField, raw: string): string {
  return raw.replace(/\D/g, '').slice(0, COORDINATE_LENGTH[field]);
}

export type Coords = readonly [number, number, number];
export type Counts = Readonly<Record<string, number>>;

export interface DispatchForm {
  r: string;
  s: string;
  p: string;
  mission: MissionType;
  units: Counts;
  resources: Counts;
  /** Hours as typed (only read for EXPLORATION). */
  explorationHours: string;
}

export interface DispatchContext {
  start: Coords;
  catalogue: Catalogue;
  maxExplorationHours: number;
  /** The start territory's unit_speed_pct and cargo_pct effects (percent). */
  speedPct: number;
  cargoPct: number;
  universeSpeed: number;
  /** Galaxy bounds (universe.map): a target outside them cannot be reached. */
  bounds: { regions: number; subRegions: number; positions: number };
}

const present = (counts: Counts): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

export const hasUnits = (units: Counts) => Object.values(units).some((n) => n > 0);

/** The typed target: null while a field is empty or not a whole non-negative number. */
export function parseTarget(form: Pick<DispatchForm, 'r' | 's' | 'p'>): Coords | null {
  const parts = [form.r, form.s, form.p].map((v) => v.trim());
  if (parts.some((v) => !/^\d+$/.test(v))) return null;
  return parts.map(Number) as unknown as Coords;
}

const sameCoords = (a: Coords, b: Coords) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The send button is off with no unit, empty coordinates or the start's own position (core §5). */
export function canSend(form: DispatchForm, start: Coords): boolean {
  const target = parseTarget(form);
  return hasUnits(form.units) && target !== null && !sameCoords(target, start);
}

/** Resources travel only on TRANSPORT, COLONIZE and STATION. */
export function sentResources(form: DispatchForm): Record<string, number> {
  return missionCarriesResources(form.mission) ? present(form.resources) : {};
}

/** The first of the spec's dispatch sentences the form breaks, or null when it may be sent. */
export function dispatchError(form: DispatchForm, ctx: DispatchContext): string | null {
  if ([form.r, form.s, form.p].some((v) => v.trim() === '')) return DISPATCH_ERRORS.coordinatesMissing;
  const target = parseTarget(form);
  if (!target) return DISPATCH_ERRORS.coordinatesInvalid;
  if (sameCoords(target, ctx.start)) return DISPATCH_ERRORS.sameAsStart;
  if (!hasUnits(form.units)) return DISPATCH_ERRORS.noUnits;
  const units = present(form.units);
  const moving = Object.keys(units).some((k) => (ctx.catalogue.units[k]?.stats.speed ?? 0) > 0);
  // Not checked for STATION nor for a join; nor is cargo for a join (it carries none).
  if (!moving && form.mission !== 'STATION' && form.mission !== 'MULTI_PARTY_ATTACK_PARTICIPANT') return DISPATCH_ERRORS.cannotMove;
  const cargo = Object.values(sentResources(form)).reduce((a, b) => a + b, 0);
  if (cargo > cargoCapacity(units, ctx.catalogue, ctx.cargoPct)) return DISPATCH_ERRORS.cargoExceeded;
  if (form.mission === 'EXPLORATION') {
    const hours = Number(form.explorationHours);
    if (form.explorationHours.trim() === '' || !Number.isFinite(hours) || hours <= 0) return DISPATCH_ERRORS.explorationInvalid;
    if (hours > ctx.maxExplorationHours) return explorationTooLong(hours, ctx.maxExplorationHours);
  }
  return null;
}

/** Units a mission accepts (core §5 "Unit eligibility by mission"). */
export function eligibleFor(catalogue: Catalogue, key: string, mission: MissionType): boolean {
  const def = catalogue.units[key];
  return def !== undefined && isEligibleForMission(def, mission);
}

/** A mission change keeps only the units that fit it; `dropped` says whether the notice shows. */
export function keepEligible(units: Counts, mission: MissionType, catalogue: Catalogue): { units: Record<string, number>; dropped: boolean } {
  const kept = Object.fromEntries(Object.entries(present(units)).filter(([k]) => eligibleFor(catalogue, k, mission)));
  return { units: kept, dropped: Object.keys(kept).length < Object.keys(present(units)).length };
}

export interface ArmySummary {
  cargo: number;
  cargoUsed: number;
  speed: number;
  /** Biomass paid at launch for the whole trip (null while the ETA cannot be computed). */
  biomass: number | null;
  /** One-way flight in seconds, or a placeholder. */
  eta: number | (typeof ETA)[keyof typeof ETA];
  attack: number;
  defense: number;
  health: number;
  bioshield: number;
}

function inGalaxy(target: Coords, bounds: DispatchContext['bounds']): boolean {
  const [r, s, p] = target;
  return r >= 1 && r <= bounds.regions && s >= 1 && s <= bounds.subRegions && p >= 1 && p <= bounds.positions;
}

/** Live figures of the Army Summary, from the same game-core rules the server applies at launch. */
export function armySummary(form: DispatchForm, ctx: DispatchContext): ArmySummary {
  const units = present(form.units);
  const speed = fleetSpeed(units, ctx.catalogue, ctx.speedPct);
  const combined = { attack: 0, defense: 0, health: 0, bioshield: 0 };
  for (const [key, n] of Object.entries(units)) {
    const stats = ctx.catalogue.units[key]?.stats;
    if (!stats) continue;
    combined.attack += stats.attack * n;
    combined.defense += stats.defense * n;
    combined.health += stats.health * n;
    combined.bioshield += stats.bioshield * n;
  }
  const base = {
    cargo: cargoCapacity(units, ctx.catalogue, ctx.cargoPct),
    cargoUsed: Object.values(sentResources(form)).reduce((a, b) => a + b, 0),
    speed,
    ...combined,
  };
  const target = parseTarget(form);
  const eta = ((): ArmySummary['eta'] => {
    if (!hasUnits(units)) return ETA.none;
    if (!target) return ETA.invalidTarget;
    if (sameCoords(target, ctx.start)) return ETA.sameSector;
    if (!(speed > 0)) return ETA.cannotMove;
    if (!inGalaxy(target, ctx.bounds)) return ETA.cannotReach;
    const seconds = travelTime(distance(ctx.start, target), speed, ctx.universeSpeed);
    return Number.isFinite(seconds) ? seconds : ETA.cannotReach;
  })();
  const hours = form.mission === 'EXPLORATION' ? Math.max(0, Number(form.explorationHours) || 0) : 0;
  const biomass = typeof eta === 'number' ? missionFuel(units, ctx.catalogue, form.mission, eta, hours) : null;
  return { ...base, eta, biomass };
}

/**
 * The most of one resource that still fits: the stock, and the cargo left once the other
 * resources are loaded, floored (core §5 "Resource amounts are clamped to free cargo and to stock").
 */
export function resourceMax(key: string, resources: Counts, stock: Counts, cargo: number): number {
  const others = Object.entries(resources).reduce((sum, [k, n]) => (k === key ? sum : sum + n), 0);
  return Math.max(0, Math.floor(Math.min(stock[key] ?? 0, cargo - others)));
}

/** A typed amount clamped to 0..limit and floored; anything not a number is 0. */
export function clampAmount(value: number | string, limit: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(Math.floor(n), Math.floor(limit)));
}
