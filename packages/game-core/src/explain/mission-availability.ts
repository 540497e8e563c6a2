import type { Catalogue, UnitDef } from '@brood/game-data';
import type { Counts } from '../types';
import { canFlyOnMission, MENU_MISSIONS, MISSION_TABLE, type MenuMission, type MissionSpec } from '../fleet/mission-table';

/** Who holds a position: the player, an alliance member, another player, a territory without owner, nobody. */
export type TargetOccupant = 'own' | 'ally' | 'foreign' | 'neutral' | 'free';

export interface MissionTarget {
  /** null while the position is not known yet: only the units decide then. */
  readonly occupant: TargetOccupant | null;
  /** A wreckage field lies there. */
  readonly wreckage: boolean;
  /** The target is the start territory itself. */
  readonly isStart: boolean;
}

export type MissionAvailability = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const OK: MissionAvailability = { ok: true };
const no = (reason: string): MissionAvailability => ({ ok: false, reason });

/** What the units a mission needs can do, in a player's words. */
const ABILITY: Record<MissionSpec['units'], string> = {
  any: 'can fly', attack: 'can attack', SPY: 'can spy', SALVAGE: 'can salvage', COLONIZE: 'can colonize',
  PULLER: 'can pull', FIRST_STRIKE: 'strikes first', KAMIKAZE: 'can burst',
};

/** 'Brood Hatchery 4 and Echo Sensing 1': what a unit needs built and researched, by name. */
function requirementsOf(catalogue: Pick<Catalogue, 'structures' | 'technologies'>, def: UnitDef): string {
  const parts = [
    ...Object.entries(def.prerequisites.structures).map(([k, l]) => `${catalogue.structures[k]?.name ?? k} ${l}`),
    ...Object.entries(def.prerequisites.technologies).map(([k, l]) => `${catalogue.technologies[k]?.name ?? k} ${l}`),
  ];
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * 'Salvage needs a unit that can salvage: Carrion Beetle, from Brood Hatchery 4 and Chitin Moulter 1':
 * the hatchable units that qualify (lowest tier first, at most two), each with what it takes to hatch.
 */
export function unitsNeededReason(catalogue: Pick<Catalogue, 'units' | 'structures' | 'technologies'>, mission: MenuMission): string {
  const spec = MISSION_TABLE[mission];
  const fits = Object.values(catalogue.units)
    .filter((def) => def.recruitable && canFlyOnMission(def, mission))
    .sort((a, b) => a.tier - b.tier)
    .slice(0, 2)
    .map((def) => {
      const needs = requirementsOf(catalogue, def);
      return needs ? `${def.name}, from ${needs}` : def.name;
    });
  const head = `${spec.label} needs a unit that ${ABILITY[spec.units]}`;
  return fits.length > 0 ? `${head}: ${fits.join('; or ')}` : `${head}.`;
}

/** Why the position does not suit the mission (null when it does), by the kind of target the mission table names. */
function placeReason(mission: MenuMission, occupant: TargetOccupant): string | null {
  const label = MISSION_TABLE[mission].label;
  if (mission === 'STATION') {
    if (occupant === 'own' || occupant === 'ally') return null;
    return occupant === 'foreign'
      ? 'Station needs your own territory or an alliance member\'s: this player is not in your alliance.'
      : 'Station needs your own territory or an alliance member\'s: there is none here.';
  }
  switch (MISSION_TABLE[mission].target) {
    case 'territory':
      return occupant === 'free' || occupant === 'neutral' ? `${label} needs a player's territory: there is none here.` : null;
    case 'enemy':
      if (occupant === 'own') return `${label} needs another player's territory: this one is yours.`;
      return occupant === 'free' ? `${label} needs a territory: this position is empty.` : null;
    case 'free':
      return occupant === 'free' ? null : `${label} needs a free position: this one is taken.`;
    case 'not-own':
      return occupant === 'own' ? `${label} needs a position that is not your own territory.` : null;
    case 'wreckage':
      return null;
  }
}

/**
 * Whether a menu mission can be sent from a territory holding `units` to `target`, or the one-line
 * reason why not: the target is the start itself, no unit present can fly it, or the position does
 * not suit it (a Salvage without a wreckage field, a Station at a non-ally, ...).
 */
export function missionAvailability(
  mission: MenuMission,
  target: MissionTarget,
  units: Counts,
  catalogue: Pick<Catalogue, 'units' | 'structures' | 'technologies'>,
): MissionAvailability {
  if (target.isStart) return no('This is where the fleet would start.');
  const present = Object.entries(units).filter(([, n]) => n > 0).map(([key]) => catalogue.units[key]).filter((d) => d !== undefined);
  if (!present.some((def) => canFlyOnMission(def, mission))) return no(unitsNeededReason(catalogue, mission));
  if (MISSION_TABLE[mission].target === 'wreckage' && target.occupant !== null && !target.wreckage) {
    return no(`${MISSION_TABLE[mission].label} needs a wreckage field: there is none here.`);
  }
  const place = target.occupant === null ? null : placeReason(mission, target.occupant);
  return place === null ? OK : no(place);
}

/** Every mission of the map's menu (social 2.5, in its order) with whether it can be sent here, or why not. */
export function menuMissions(
  target: MissionTarget,
  units: Counts,
  catalogue: Pick<Catalogue, 'units' | 'structures' | 'technologies'>,
): { mission: MenuMission; availability: MissionAvailability }[] {
  return MENU_MISSIONS.map((mission) => ({ mission, availability: missionAvailability(mission, target, units, catalogue) }));
}
