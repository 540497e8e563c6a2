import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { useAuthStore } from '../../stores/auth-store';
import { PAGE_SIZE, type ListInput, type NotificationItem } from './notification-types';

/** Polling and cache times (social spec §7). */
export const UNREAD_POLL_MS = 120_000;
export const UNREAD_STALE_MS = 60_000;
export const CENTRE_STALE_MS = 20_000;
export const PAGE_STALE_MS = 60_000;

/** '9+' over nine; nothing at zero. */
export function badgeLabel(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The bell's unread count: polled every 2 minutes as a fallback to the real-time channel. */
export function useUnreadCount() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    enabled: signedIn,
    staleTime: UNREAD_STALE_MS,
    refetchInterval: UNREAD_POLL_MS,
  });
}

/**
 * Pages of 20 where 'Load More' appends the next page: the centre's list (stale after 20 s,
 * refetched on window focus) and the /notifications page's (cached 60 s), social spec §7 and §9.
 */
export function useNotificationFeed(input: ListInput, enabled: boolean, where: 'centre' | 'page' = 'centre') {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.notifications.list.infiniteQueryOptions(input, {
      initialCursor: 0,
      getNextPageParam: (last, all) => (last.length < PAGE_SIZE ? undefined : all.length * PAGE_SIZE),
    }),
    enabled,
    staleTime: where === 'centre' ? CENTRE_STALE_MS : PAGE_STALE_MS,
    refetchOnWindowFocus: where === 'centre',
  });
}

type CachedList = NotificationItem[] | InfiniteData<NotificationItem[], unknown> | undefined;

function markInCache(data: CachedList, id: string): CachedList {
  const mark = (list: NotificationItem[]) => list.map((n) => (n.id === id ? { ...n, is_read: true } : n));
  if (!data) return data;
  if (Array.isArray(data)) return mark(data);
  return { ...data, pages: data.pages.map(mark) };
}

function isUnreadIn(data: CachedList, id: string): boolean {
  if (!data) return false;
  const lists = Array.isArray(data) ? [data] : data.pages;
  return lists.some((list) => list.some((n) => n.id === id && !n.is_read));
}

/**
 * Marks one notification read. The card changes at once (every cached list is updated in place, so
 * it stays where it is, dimmed) and the unread count refreshes; on failure the lists are refetched.
 */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lists = trpc.notifications.list.pathFilter();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onMutate: async ({ id }) => {
        await queryClient.cancelQueries(lists);
        const wasUnread = queryClient.getQueriesData<CachedList>(lists).some(([, data]) => isUnreadIn(data, id));
        queryClient.setQueriesData<CachedList>(lists, (data) => markInCache(data, id));
        if (wasUnread) {
          queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), (old) => (old ? { unread_count: Math.max(0, old.unread_count - 1) } : old));
        }
      },
      onError: () => {
        void queryClient.invalidateQueries(lists);
      },
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.notifications.unreadCount.queryFilter());
      },
    }),
  );
}

/** Marks every notification read and refreshes lists and count. */
export function useMarkAllRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.notifications.pathFilter()),
    }),
  );
}
