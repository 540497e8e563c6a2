import { MENU_MISSIONS, menuMissions, missionLabel, type MenuMission, type MissionTarget, type TargetOccupant } from '@brood/game-core';
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

/** Who holds the position a menu opened on: the player, an alliance member, another player, a territory without owner, nobody. */
export type Occupant = TargetOccupant;

export type MenuTarget = MissionTarget;

export interface MenuEntry {
  mission: MapMission;
  label: string;
  /** null when it can be sent; otherwise the one line that says why not and what would make it possible. */
  reason: string | null;
}

/**
 * Every mission of the menu (social 2.5, in its order), each with game-core's missionAvailability:
 * the position suits it and a unit at the start territory can fly it (canFlyOnMission, the rule the
 * server's fleetFitness applies), or the reason it cannot be sent from here.
 */
export function menuEntries(target: MenuTarget, units: Readonly<Record<string, number>>, catalogue: Catalogue): MenuEntry[] {
  return menuMissions(target, units, catalogue).map(({ mission, availability }) => ({
    mission,
    label: missionLabel(mission),
    reason: availability.ok ? null : availability.reason,
  }));
}
