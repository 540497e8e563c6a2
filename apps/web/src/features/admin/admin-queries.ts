import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs, RouterOutputs } from '../../lib/api-types';
import { showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';

export type UniverseOverview = RouterOutputs['admin']['universe'];
export type PlayerRow = RouterOutputs['admin']['searchPlayers'][number];
export type PlayerDetail = RouterOutputs['admin']['player'];
export type FleetRow = RouterOutputs['admin']['fleets'][number];
export type FleetFilter = RouterInputs['admin']['fleets'];
export type AuditEntry = RouterOutputs['admin']['auditLog'][number];
export type BattleReport = RouterOutputs['admin']['battleReport'];

/** Whether the signed-in player is an operator (the Admin link and the console show only then). */
export function useIsOperator(): { isOperator: boolean; isLoading: boolean } {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const role = useQuery({ ...trpc.users.role.queryOptions(), enabled: signedIn, staleTime: 60_000, meta: { errorToast: false } });
  return { isOperator: role.data?.is_operator === true, isLoading: role.isLoading };
}

export function useUniverse() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.universe.queryOptions(), refetchInterval: 10_000 });
}

export function usePlayerSearch(query: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.searchPlayers.queryOptions({ query }), enabled: query.trim().length > 0 });
}

export function usePlayer(userId: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.player.queryOptions({ user_id: userId ?? 1 }), enabled: userId !== null });
}

export function useFleets(filter: FleetFilter) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.fleets.queryOptions(filter), refetchInterval: 15_000 });
}

export function useBattleReport(battleId: string | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.battleReport.queryOptions({ battle_id: battleId ?? '' }), enabled: battleId !== null, retry: false, meta: { errorToast: false } });
}

export function useAuditLog() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.auditLog.queryOptions({}), refetchInterval: 15_000 });
}

/** The console's actions: each refreshes every console list (and the audit log) when it succeeds. */
export function useAdminActions() {
  const trpc = useTRPC();
  const client = useQueryClient();
  const done = (message: string) => () => {
    showSuccess(message);
    void client.invalidateQueries(trpc.admin.pathFilter());
    void client.invalidateQueries(trpc.hallOfFame.pathFilter());
  };
  return {
    suspend: useMutation(trpc.admin.suspend.mutationOptions({ onSuccess: done('Player suspended.') })),
    unsuspend: useMutation(trpc.admin.unsuspend.mutationOptions({ onSuccess: done('Suspension lifted.') })),
    renameTerritory: useMutation(trpc.admin.renameTerritory.mutationOptions({ onSuccess: done('Territory renamed.') })),
    renameAlliance: useMutation(trpc.admin.renameAlliance.mutationOptions({ onSuccess: done('Alliance renamed.') })),
    deleteComment: useMutation(trpc.admin.deleteComment.mutationOptions({ onSuccess: done('Comment deleted.') })),
    announce: useMutation(trpc.admin.announce.mutationOptions({ onSuccess: (answer) => done(`Announcement sent to ${answer.recipients} players.`)() })),
  };
}
