import { useEffect, useRef } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';

/**
 * The four queues with the spec's cache times (core §7): cached 15 s (stale after 5 s), kept 2 min,
 * refetched every 15 s while an item is unfinished. On top, each hook refreshes what an item changes
 * at the moment it ends (or delivers its next unit), so completions show without a reload.
 */

export type BuildQueueItem = RouterOutputs['construction']['queue'][number];
export type ResearchQueueItem = RouterOutputs['research']['queue'][number];
export type RecruitmentQueueItem = RouterOutputs['recruitment']['queue'][number];
export type DefenseQueueItem = RouterOutputs['defense']['queue'][number];

export const QUEUE_CACHE = { staleMs: 5_000, gcMs: 2 * 60_000, pollMs: 15_000, overduePollMs: 2_000 } as const;

type Timed = { start_time: Date | string; end_time: Date | string };
type Batch = Timed & { quantity: number; duration_per_item_s: number };

const ms = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

export function hasUnfinished(items: readonly Timed[] | undefined, now = Date.now()): boolean {
  return (items ?? []).some((item) => ms(item.end_time) > now);
}

/** The next instant something in the queue changes the world: an end, or a batch's next delivery. */
export function nextChangeAt(items: readonly (Timed | Batch)[] | undefined, now = Date.now()): number | null {
  let next: number | null = null;
  for (const item of items ?? []) {
    const end = ms(item.end_time);
    if (!(end > now)) continue;
    let at = end;
    if ('duration_per_item_s' in item && item.duration_per_item_s > 0) {
      const start = ms(item.start_time);
      const step = item.duration_per_item_s * 1000;
      const delivered = Math.max(0, Math.floor((now - start) / step));
      at = Math.min(end, start + (delivered + 1) * step);
    }
    if (next === null || at < next) next = at;
  }
  return next;
}

/** Queue reads list only unfinished items, so one already past its end means the clocks differ. */
export function hasOverdue(items: readonly Timed[] | undefined, now = Date.now()): boolean {
  return (items ?? []).some((item) => ms(item.end_time) <= now);
}

/**
 * Every 15 s while an item is unfinished; every 2 s while the server still lists an item the
 * browser's clock has already seen end (its clock is behind ours), until it is gone.
 */
export function queuePollInterval(items: readonly Timed[] | undefined, now = Date.now()): number | false {
  if (hasOverdue(items, now)) return QUEUE_CACHE.overduePollMs;
  return hasUnfinished(items, now) ? QUEUE_CACHE.pollMs : false;
}

const pollQueue = (query: { state: { data: readonly Timed[] | undefined } }) => queuePollInterval(query.state.data);

const fired = new Map<string, number>();

/** Several panels may watch the same queue: refresh once per queue and instant. */
function refreshOnce(key: string, at: number, refresh: () => void): void {
  if (fired.get(key) === at) return;
  fired.set(key, at);
  refresh();
}

/**
 * At the queue's next change, refetch the queue and what it changes (stock, levels, units); and
 * again when an item leaves the queue (it completed on the server, or was cancelled elsewhere).
 */
export function useRefreshAtNextChange(
  scope: string,
  items: readonly (Timed | Batch | (Timed & { id: string }))[] | undefined,
  refresh: (client: QueryClient) => void,
) {
  const client = useQueryClient();
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const ids = (items ?? []).map((item) => ('id' in item ? item.id : '')).join(',');
  const previous = useRef<{ scope: string; ids: string } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { scope, ids };
    if (!before || before.scope !== scope || before.ids === '') return;
    const current = new Set(ids.split(','));
    if (before.ids.split(',').some((id) => !current.has(id))) latest.current(client);
  }, [scope, ids, client]);
  const at = nextChangeAt(items);
  useEffect(() => {
    if (at === null) return;
    // A little after the instant: the server settles to its own clock.
    const timer = setTimeout(() => refreshOnce(scope, at, () => latest.current(client)), Math.max(0, at - Date.now()) + 400);
    return () => clearTimeout(timer);
  }, [scope, at, client]);
}

/** Cache and polling of every queue read (also the empire overview's). */
export const queueOptions = { staleTime: QUEUE_CACHE.staleMs, gcTime: QUEUE_CACHE.gcMs, refetchInterval: pollQueue };

export function useBuildQueue(territoryId: number | null) {
  const trpc = useTRPC();
  const query = useQuery(trpc.construction.queue.queryOptions(territoryId === null ? skipToken : { territory_id: territoryId }, queueOptions));
  useRefreshAtNextChange(`building:${territoryId}`, query.data, (client) => {
    void client.invalidateQueries(trpc.construction.queue.queryFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
    void client.invalidateQueries(trpc.stats.pathFilter());
  });
  return query;
}

export function useResearchQueue() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.token !== null);
  const query = useQuery(trpc.research.queue.queryOptions(undefined, { ...queueOptions, enabled: signedIn }));
  useRefreshAtNextChange('research', query.data, (client) => {
    void client.invalidateQueries(trpc.research.pathFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
    void client.invalidateQueries(trpc.stats.pathFilter());
  });
  return query;
}

export function useRecruitmentQueue(territoryId: number | null) {
  const trpc = useTRPC();
  const query = useQuery(trpc.recruitment.queue.queryOptions(territoryId === null ? skipToken : { territory_id: territoryId }, queueOptions));
  useRefreshAtNextChange(`recruitment:${territoryId}`, query.data, (client) => {
    void client.invalidateQueries(trpc.recruitment.queue.queryFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
  });
  return query;
}

export function useDefenseQueue(territoryId: number | null) {
  const trpc = useTRPC();
  const query = useQuery(trpc.defense.queue.queryOptions(territoryId === null ? skipToken : { territory_id: territoryId }, queueOptions));
  useRefreshAtNextChange(`defense:${territoryId}`, query.data, (client) => {
    void client.invalidateQueries(trpc.defense.queue.queryFilter());
    void client.invalidateQueries(trpc.territories.pathFilter());
  });
  return query;
}
