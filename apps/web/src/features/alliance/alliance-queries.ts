import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeApiError, errorStatus } from '../../lib/api-errors';
import type { CurrentUser, RouterOutputs } from '../../lib/api-types';
import { showError, showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';

export type AllianceSummary = RouterOutputs['alliances']['list'][number];
export type AllianceDetail = RouterOutputs['alliances']['get'];
export type AllianceApplication = RouterOutputs['alliances']['applications'][number];
export type Membership = NonNullable<CurrentUser['alliance_membership']>;

/** Page size and cache times (social spec §7, §9). */
export const ALLIANCE_PAGE_SIZE = 10;
export const LIST_STALE_MS = 120_000;
export const DETAIL_STALE_MS = 60_000;
export const APPLICATIONS_STALE_MS = 30_000;

/** A 404 is not retried; other errors up to 2 times. */
const retry = (failures: number, error: unknown) => errorStatus(error) !== 404 && failures < 2;

export function useMembership(): Membership | null {
  return useAuthStore((s) => s.currentUser?.alliance_membership ?? null);
}

export function useAllianceList(search: string) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.alliances.list.infiniteQueryOptions(
      { limit: ALLIANCE_PAGE_SIZE, ...(search ? { search } : {}) },
      { initialCursor: 0, getNextPageParam: (last, all) => (last.length < ALLIANCE_PAGE_SIZE ? undefined : all.length * ALLIANCE_PAGE_SIZE) },
    ),
    staleTime: LIST_STALE_MS,
    retry,
  });
}

export function useAllianceDetail(id: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.alliances.get.queryOptions({ id: id ?? 0 }), enabled: id !== null, staleTime: DETAIL_STALE_MS, retry });
}

export function useApplications(id: number, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.alliances.applications.queryOptions({ id }), enabled, staleTime: APPLICATIONS_STALE_MS, retry });
}

/** After creation, update, join or leave: alliances and the current user are refetched (§4.7). */
function useRefresh() {
  const trpc = useTRPC();
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries(trpc.alliances.pathFilter());
    void client.invalidateQueries(trpc.users.me.queryFilter());
  };
}

/** Failure toasts of §8: 'Failed to {action}: {server detail or message}'. */
const failed = (action: string) => (error: unknown) => showError(`Failed to ${action}: ${describeApiError(error).detail}`);
const quiet = { errorToast: false as const };

export function useAllianceActions() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const refresh = useRefresh();
  const mutation = <T>(options: T) => ({ ...options, meta: quiet, onSettled: refresh });

  /** Leave and disband clear the membership at once and put it back when the server refuses (§4.7). */
  const optimistic = {
    onMutate: () => {
      const before = useAuthStore.getState().currentUser;
      if (before) setCurrentUser({ ...before, alliance_membership: null });
      return { before };
    },
    rollback: (context: { before: CurrentUser | null } | undefined) => {
      if (context?.before) setCurrentUser(context.before);
    },
    options: (action: string, success: string) => ({
      meta: quiet,
      onMutate: optimistic.onMutate,
      onSuccess: () => showSuccess(success),
      onError: (error: unknown, _v: unknown, context: { before: CurrentUser | null } | undefined) => {
        optimistic.rollback(context);
        failed(action)(error);
      },
      onSettled: refresh,
    }),
  };
  const setCurrentUser = (user: CurrentUser) => {
    useAuthStore.getState().setUser(user);
    client.setQueryData(trpc.users.me.queryKey(), user);
  };

  return {
    create: useMutation(
      trpc.alliances.create.mutationOptions(
        mutation({
          onSuccess: (a: AllianceDetail) => showSuccess(`Alliance "${a.name}" created! Applications are required to join.`),
          onError: failed('create alliance'),
        }),
      ),
    ),
    update: useMutation(
      trpc.alliances.update.mutationOptions(
        mutation({ onSuccess: (a: { name: string }) => showSuccess(`Alliance "${a.name}" settings updated.`), onError: failed('update alliance') }),
      ),
    ),
    disband: useMutation(trpc.alliances.disband.mutationOptions(optimistic.options('disband alliance', 'Alliance disbanded.'))),
    leave: useMutation(trpc.alliances.leave.mutationOptions(optimistic.options('leave alliance', 'You have left the alliance.'))),
    apply: useMutation(
      trpc.alliances.submitApplication.mutationOptions(
        mutation({ onSuccess: () => showSuccess('Application to join the alliance has been submitted.'), onError: failed('submit application') }),
      ),
    ),
    decide: useMutation(
      trpc.alliances.decide.mutationOptions(
        mutation({
          onSuccess: (a: AllianceApplication) => showSuccess(`Application for user ${a.username} ${a.status.toLowerCase()}.`),
          // The spec words one text for both answers (social §8).
          onError: failed('accept/reject application'),
        }),
      ),
    ),
    kick: useMutation(trpc.alliances.kick.mutationOptions(mutation({ onSuccess: () => showSuccess('Member has been kicked from the alliance.'), onError: failed('kick member') }))),
    setRank: useMutation(
      trpc.alliances.setRank.mutationOptions(
        mutation({
          onSuccess: (m: { username: string; rank: string }) => showSuccess(`Member ${m.username}'s rank changed to ${m.rank}.`),
          onError: failed('change member rank'),
        }),
      ),
    ),
    transfer: useMutation(
      trpc.alliances.transferLeadership.mutationOptions(
        mutation({ onSuccess: (r: { leader_username: string }) => showSuccess(`Leadership successfully transferred to ${r.leader_username}.`), onError: failed('transfer leadership') }),
      ),
    ),
  };
}
export type AllianceActions = ReturnType<typeof useAllianceActions>;
