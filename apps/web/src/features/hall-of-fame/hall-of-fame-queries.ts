import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../trpc';

export type HallOfFameEntry = RouterOutputs['hallOfFame']['entries'][number];
export type HallOfFameComment = RouterOutputs['hallOfFame']['comments'][number];

/** Page sizes and cache times (social spec §7, §9). */
export const ENTRIES_PAGE_SIZE = 100;
export const MAX_ENTRIES = 500;
export const COMMENTS_PAGE_SIZE = 20;
const ENTRIES_STALE_MS = 5 * 60_000;
const COMMENTS_STALE_MS = 2 * 60_000;

export function useHallOfFame() {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.hallOfFame.entries.infiniteQueryOptions(
      { limit: ENTRIES_PAGE_SIZE },
      { initialCursor: 0, getNextPageParam: (last, all) => (last.length < ENTRIES_PAGE_SIZE || all.length * ENTRIES_PAGE_SIZE >= MAX_ENTRIES ? undefined : all.length * ENTRIES_PAGE_SIZE) },
    ),
    staleTime: ENTRIES_STALE_MS,
    meta: { errorToast: false },
  });
}

/** One entry, where a shared Hall of Fame link leads (readable without login). */
export function useHallOfFameEntry(entryId: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.hallOfFame.entry.queryOptions({ id: entryId }, { retry: false }), staleTime: ENTRIES_STALE_MS, meta: { errorToast: false } });
}

/** The address that opens an entry's report for anyone. */
export const entryLink = (entryId: number) => `${window.location.origin}/hall-of-fame/${entryId}`;

export function useComments(entryId: number | null) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.hallOfFame.comments.infiniteQueryOptions(
      { id: entryId ?? 0, limit: COMMENTS_PAGE_SIZE },
      { initialCursor: 0, getNextPageParam: (last, all) => (last.length < COMMENTS_PAGE_SIZE ? undefined : all.length * COMMENTS_PAGE_SIZE) },
    ),
    enabled: entryId !== null,
    staleTime: COMMENTS_STALE_MS,
    meta: { errorToast: false },
  });
}

export function usePostComment() {
  const trpc = useTRPC();
  const client = useQueryClient();
  return useMutation(
    trpc.hallOfFame.addComment.mutationOptions({
      meta: { errorToast: false },
      onSettled: () => void client.invalidateQueries(trpc.hallOfFame.pathFilter()),
    }),
  );
}
