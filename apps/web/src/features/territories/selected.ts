import { useUiStore } from '../../stores/ui-store';
import { useTerritories } from './queries';

export interface SelectedTerritory {
  /** The stored choice once the territory list confirms the player owns it; otherwise null. */
  id: number | null;
  /** The territory list has not answered yet, so the stored choice is not known to be good. */
  pending: boolean;
}

/**
 * The selected territory, checked against the player's territory list before anything asks the server
 * about it: a choice stored in the browser may name a territory the player lost (or another account's).
 * The picker then replaces it with the first owned territory.
 */
export function useSelectedTerritory(): SelectedTerritory {
  const stored = useUiStore((s) => s.selectedTerritoryId);
  const territories = useTerritories();
  const list = territories.data;
  if (!list) return { id: null, pending: territories.isPending && territories.fetchStatus !== 'idle' };
  return { id: stored !== null && list.some((t) => t.id === stored) ? stored : null, pending: false };
}

/** `useSelectedTerritory().id`: what the tabs, resource bar and queues query with. */
export function useSelectedTerritoryId(): number | null {
  return useSelectedTerritory().id;
}
