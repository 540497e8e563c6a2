import { useQuery, skipToken } from '@tanstack/react-query';
import { canAttack, isHostile, playerMarkers, type FairPlayVerdict, type Mission, type PlayerMarker } from '@brood/game-core';
import { useTRPC } from '../../trpc';
import { useGameData } from '../territories';

/** Fair play's reads change as points and activity do: a minute is fresh enough to decide a button. */
const FAIR_PLAY_STALE_MS = 60_000;

export interface FairPlayTarget {
  r: number;
  s: number;
  p: number;
}

export interface FairPlayAnswer {
  /** null while unknown or when the mission is not an attack or a spy: the server decides then. */
  verdict: FairPlayVerdict | null;
  /** The owner's markers as the viewer reads them (the map's owner_status). */
  markers: readonly PlayerMarker[];
  ownerName: string | null;
}

const OPEN: FairPlayAnswer = { verdict: null, markers: [], ownerName: null };

/**
 * Whether the signed-in player may attack or spy on the territory at `target` with `mission`,
 * decided with game-core's canAttack on the same facts the server's dispatch reads (the owner's and
 * the viewer's points, inactivity and vacation), so the army panel and the map refuse before sending.
 * Transport and station are never refused here.
 */
export function useFairPlay(target: FairPlayTarget | null, mission: Mission): FairPlayAnswer {
  const trpc = useTRPC();
  const gameData = useGameData();
  const territories = useQuery(
    trpc.map.regionTerritories.queryOptions(target ? { regionId: target.r, subRegion: target.s } : skipToken, { staleTime: FAIR_PLAY_STALE_MS }),
  );
  const territory = target ? territories.data?.find((t) => t.position === target.p) : undefined;
  const ownerId = territory?.owner_id ?? null;
  const players = useQuery(
    trpc.fairPlay.players.queryOptions(ownerId != null ? { user_ids: [ownerId] } : skipToken, { staleTime: FAIR_PLAY_STALE_MS }),
  );
  const fp = gameData.data?.universe.fair_play;
  if (!territory || ownerId == null) return OPEN;
  const markers = territory.owner_status;
  const owner = players.data?.players.find((p) => p.user_id === ownerId);
  if (!players.data || !owner || !fp || ownerId === players.data.viewer.user_id || !isHostile(mission)) return { verdict: null, markers, ownerName: territory.owner_username };
  return { verdict: canAttack(players.data.viewer, owner, fp), markers, ownerName: territory.owner_username };
}

/** Each listed player's markers as the signed-in player reads them (game-core's playerMarkers on the server's facts). */
export function usePlayerMarkers(userIds: readonly number[]): ReadonlyMap<number, readonly PlayerMarker[]> {
  const trpc = useTRPC();
  const gameData = useGameData();
  const ids = [...new Set(userIds)].slice(0, 200);
  const players = useQuery(trpc.fairPlay.players.queryOptions(ids.length > 0 ? { user_ids: ids } : skipToken, { staleTime: FAIR_PLAY_STALE_MS }));
  const fp = gameData.data?.universe.fair_play;
  const out = new Map<number, readonly PlayerMarker[]>();
  if (!players.data || !fp) return out;
  const { viewer } = players.data;
  for (const p of players.data.players) out.set(p.user_id, playerMarkers(viewer, p, fp, p.user_id === viewer.user_id));
  return out;
}
