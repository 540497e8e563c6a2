import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';

export type HighscoreEntry = RouterOutputs['highscores']['list'][number];
export type ScoreColumn = 'total_score' | 'building_score' | 'research_score' | 'unit_score' | 'defense_score';

/** Page size (social spec §9). */
export const HIGHSCORE_PAGE_SIZE = 100;
const STALE_MS = 60_000;

export function useHighscorePage(sortBy: ScoreColumn, page: number, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.highscores.list.queryOptions({ sort_by: sortBy, skip: (page - 1) * HIGHSCORE_PAGE_SIZE, limit: HIGHSCORE_PAGE_SIZE }),
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/**
 * The player's own place in an ordering (rank, entry and the page of `limit` holding it), found
 * without paging.
 */
export function useOwnHighscore(sortBy: ScoreColumn, limit = HIGHSCORE_PAGE_SIZE) {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({ ...trpc.highscores.me.queryOptions({ sort_by: sortBy, limit }), enabled: signedIn, staleTime: STALE_MS, meta: { errorToast: false } });
}

/**
 * The overall rank for the navbar (null until known): the own place on a page of one, so that the
 * shell, open on every screen, does not read a hundred players' entries to show one number.
 */
export function useOverallRank(): number | null {
  return useOwnHighscore('total_score', 1).data?.rankWithinCategory ?? null;
}
