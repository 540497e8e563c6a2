import { isEligibleForMission } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { MissionType } from '../../stores/ui-store';

/** Core spec: the error when no territory can start the mission. */
export const NO_START_TERRITORY = 'No starting territory selected or available. Please select one of your territories.';

/** The fleet-action menu's seven missions (social 2.5), in the spec's order. */
export const MAP_MISSIONS = [
  { label: 'Transport', mission: 'TRANSPORT' },
  { label: 'Attack', mission: 'ATTACK' },
  { label: 'Colonize', mission: 'COLONIZE' },
  { label: 'Explore', mission: 'EXPLORATION' },
  { label: 'Salvage', mission: 'SALVAGE' },
  { label: 'Spy', mission: 'SPY' },
  { label: 'Station', mission: 'STATION' },
] as const satisfies readonly { label: string; mission: MissionType }[];

/**
 * The territory a mission from the map starts from: the selected one if it is the player's, else the
 * first owned one, else none (the caller shows NO_START_TERRITORY).
 */
export function startTerritoryFor(selectedTerritoryId: number | null, owned: readonly { id: number }[] | undefined): number | null {
  if (!owned || owned.length === 0) return null;
  if (selectedTerritoryId !== null && owned.some((t) => t.id === selectedTerritoryId)) return selectedTerritoryId;
  return owned[0]?.id ?? null;
}

export type MapMission = (typeof MAP_MISSIONS)[number]['mission'];

/** Who holds the position a menu opened on: the player, another player, a territory without owner, nobody. */
export type Occupant = 'own' | 'foreign' | 'neutral' | 'free';

export interface MenuTarget {
  /** null while the position's sub-region has not loaded: only the units decide then. */
  occupant: Occupant | null;
  /** A wreckage field lies there. */
  wreckage: boolean;
  /** The target is the start territory itself. */
  isStart: boolean;
}

/** Where each mission can go (GAME-RULES "Fleets" and "Spying, exploring, salvaging"). */
const PLACES: Record<MapMission, (t: MenuTarget) => boolean> = {
  TRANSPORT: (t) => t.occupant === 'own' || t.occupant === 'foreign',
  ATTACK: (t) => t.occupant === 'foreign' || t.occupant === 'neutral',
  COLONIZE: (t) => t.occupant === 'free',
  EXPLORATION: (t) => t.occupant !== 'own',
  SALVAGE: (t) => t.wreckage,
  SPY: (t) => t.occupant === 'foreign' || t.occupant === 'neutral',
  STATION: (t) => t.occupant === 'own' || t.occupant === 'foreign',
};

/**
 * The menu's missions that make sense here: the position suits the mission, and the start territory
 * holds at least one unit the mission accepts that can fly (STATION also takes immobile units).
 */
export function missionsFor(target: MenuTarget, units: Readonly<Record<string, number>>, catalogue: Catalogue): MapMission[] {
  if (target.isStart) return [];
  const present = Object.entries(units).filter(([, n]) => n > 0).map(([key]) => catalogue.units[key]).filter((d) => d !== undefined);
  return MAP_MISSIONS.map((m) => m.mission).filter(
    (mission) => (target.occupant === null || PLACES[mission](target)) && present.some((def) => isEligibleForMission(def, mission) && (def.stats.speed > 0 || mission === 'STATION')),
  );
}
