import { MENU_MISSIONS, MISSION_TABLE, canFlyOnMission, missionLabel, type MenuMission, type MissionSpec } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';

/** Core spec: the error when no territory can start the mission. */
export const NO_START_TERRITORY = 'No starting territory selected or available. Please select one of your territories.';

/** The fleet-action menu's seven missions (social 2.5), in the spec's order, from game-core's mission table. */
export const MAP_MISSIONS = MENU_MISSIONS.map((mission) => ({ label: missionLabel(mission), mission }));

/**
 * The territory a mission from the map starts from: the selected one if it is the player's, else the
 * first owned one, else none (the caller shows NO_START_TERRITORY).
 */
export function startTerritoryFor(selectedTerritoryId: number | null, owned: readonly { id: number }[] | undefined): number | null {
  if (!owned || owned.length === 0) return null;
  if (selectedTerritoryId !== null && owned.some((t) => t.id === selectedTerritoryId)) return selectedTerritoryId;
  return owned[0]?.id ?? null;
}

export type MapMission = MenuMission;

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

/** Where each kind of target the mission table names lies (GAME-RULES "Fleets" and "Spying, exploring, salvaging"). */
const PLACES: Record<MissionSpec['target'], (t: MenuTarget) => boolean> = {
  territory: (t) => t.occupant === 'own' || t.occupant === 'foreign',
  enemy: (t) => t.occupant === 'foreign' || t.occupant === 'neutral',
  free: (t) => t.occupant === 'free',
  'not-own': (t) => t.occupant !== 'own',
  wreckage: (t) => t.wreckage,
};

/**
 * The menu's missions that make sense here: the position suits the mission, and the start territory
 * holds at least one unit that can fly on it (game-core's canFlyOnMission: the server's dispatch passes a
 * fleet by fleetFitness, which accepts exactly the fleets whose every unit canFlyOnMission).
 */
export function missionsFor(target: MenuTarget, units: Readonly<Record<string, number>>, catalogue: Catalogue): MapMission[] {
  if (target.isStart) return [];
  const present = Object.entries(units).filter(([, n]) => n > 0).map(([key]) => catalogue.units[key]).filter((d) => d !== undefined);
  return MAP_MISSIONS.map((m) => m.mission).filter(
    (mission) => (target.occupant === null || PLACES[MISSION_TABLE[mission].target](target)) && present.some((def) => canFlyOnMission(def, mission)),
  );
}
