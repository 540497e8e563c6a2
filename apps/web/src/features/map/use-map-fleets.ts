import { useCallback, useMemo, useRef } from 'react';
import { useTickWhile } from '../../hooks/use-tick-while';
import { namesFrom, useActiveMovements } from '../movements';
import { useGameData } from '../territories';
import { usePlayerMarkers } from '../fair-play';
import { describeFleet, fleetMarkers } from './fleet-overlay';

/** Social 2.5: fleets move on the map as time passes; one step a second is smooth enough at map scale. */
const FLEET_TICK_MS = 1000;

/** The fleet overlay's markers at the current second, and the tooltip of one fleet. */
export function useMapFleets() {
  const movements = useActiveMovements();
  const gameData = useGameData();
  const now = useTickWhile((movements.data?.length ?? 0) > 0, FLEET_TICK_MS);
  const markers = useMemo(() => fleetMarkers(movements.data ?? [], now), [movements.data, now]);
  // Fair play's markers of the other players in flight and of the players they fly at.
  const players = useMemo(
    () => (movements.data ?? []).flatMap((m) => [...(m.is_own_fleet ? [] : [m.user_id]), ...(m.target_owner_id === null ? [] : [m.target_owner_id])]),
    [movements.data],
  );
  const playerMarks = usePlayerMarkers(players);
  // The tooltip reads the latest list without making the canvas's handlers change.
  const latest = useRef({ list: movements.data, names: gameData.data, playerMarks });
  latest.current = { list: movements.data, names: gameData.data, playerMarks };
  const card = useCallback((id: string) => {
    const { list, names, playerMarks: marks } = latest.current;
    const m = list?.find((x) => x.id === id);
    if (!m) return null;
    return describeFleet(m, Date.now(), namesFrom(names), (id) => marks.get(id) ?? []);
  }, []);
  return { markers, card };
}
