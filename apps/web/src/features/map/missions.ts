import type { MissionType } from '../../stores/ui-store';

/** Core spec: the error when no territory can start the mission. */
export const NO_START_TERRITORY = 'No starting territory selected or available. Please select one of your territories.';

/** The fleet-action menu's seven missions (social 2.5), in the spec's order. */
export const MAP_MISSIONS: readonly { label: string; mission: MissionType }[] = [
  { label: 'Transport', mission: 'TRANSPORT' },
  { label: 'Attack', mission: 'ATTACK' },
  { label: 'Colonize', mission: 'COLONIZE' },
  { label: 'Explore', mission: 'EXPLORATION' },
  { label: 'Salvage', mission: 'SALVAGE' },
  { label: 'Spy', mission: 'SPY' },
  { label: 'Station', mission: 'STATION' },
];

/**
 * The territory a mission from the map starts from: the selected one if it is the player's, else the
 * first owned one, else none (the caller shows NO_START_TERRITORY).
 */
export function startTerritoryFor(selectedTerritoryId: number | null, owned: readonly { id: number }[] | undefined): number | null {
  if (!owned || owned.length === 0) return null;
  if (selectedTerritoryId !== null && owned.some((t) => t.id === selectedTerritoryId)) return selectedTerritoryId;
  return owned[0]?.id ?? null;
}
