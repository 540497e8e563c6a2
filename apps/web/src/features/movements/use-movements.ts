import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modals } from '@mantine/modals';
import { formatCoordinates } from '../../lib/format';
import { showSuccess } from '../../lib/toast';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { useStats, type GameData } from '../territories';
import { MOVEMENTS_POLL_MS, isStationed, missionLabel, slotCounter, type MovementLike } from './movement-model';

/** GET /movements/active, polled every 15 s; real-time events refresh it sooner (event-effects). */
export function useActiveMovements() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.token !== null);
  return useQuery(trpc.movements.active.queryOptions(undefined, { refetchInterval: MOVEMENTS_POLL_MS, enabled: signedIn }));
}

/** The slot counter: own fleets against max_fleets ('?' while either is missing, '!' on error). */
export function useSlotCounter() {
  const movements = useActiveMovements();
  const stats = useStats();
  const me = useAuthStore((s) => s.currentUser?.id ?? null);
  const own = movements.data ? movements.data.filter((m) => m.user_id === me).length : null;
  return slotCounter(own, stats.data?.global_stats.max_fleets ?? null, movements.isError || stats.isError);
}

/** How a fleet is named in sentences: 'Transport to Outpost (1:2:9)'. */
export function fleetName(m: MovementLike): string {
  const where = formatCoordinates([m.target_region, m.target_sub_region, m.target_position]);
  return `${missionLabel(m.mission_type)} to ${m.target_territory_name ? `${m.target_territory_name} (${where})` : where}`;
}

/** An initiator's recall breaks the group up (social 5.4): the confirmation says so. */
export const GROUP_RECALL_TEXT = (m: MovementLike) => `Recall "${fleetName(m)}"? You lead this attack: the group breaks up and every fleet in it turns home.`;

/** The recall's confirmation: a fleet on its way turns around; one stationed at an ally leaves its post and comes home. */
export function recallText(m: MovementLike): string {
  if (m.mission_type === 'MULTI_PARTY_ATTACK_INITIATOR') return GROUP_RECALL_TEXT(m);
  if (isStationed(m)) return `Recall "${fleetName(m)}"? It leaves its post at ${m.target_territory_name ?? 'the ally'} and comes home.`;
  return `Recall "${fleetName(m)}"? It turns around and flies home.`;
}

export const recalledMessage = (m: MovementLike) => `Fleet "${fleetName(m)}" has been recalled.`;
export const stationingCancelledMessage = (m: MovementLike) => `Stationing of ${m.username}'s fleet cancelled: it flies home.`;

/** Recall and cancel-stationing, each behind a confirmation (social 2.7), with their toasts. */
export function useFleetCommands() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.movements.pathFilter());
    void queryClient.invalidateQueries(trpc.territories.pathFilter());
  };
  const recall = useMutation(trpc.movements.recall.mutationOptions({ onSettled: refresh }));
  const cancel = useMutation(trpc.movements.cancelStationing.mutationOptions({ onSettled: refresh }));

  const confirmRecall = (m: MovementLike) =>
    modals.openConfirmModal({
      title: 'Recall fleet',
      children: recallText(m),
      labels: { confirm: 'Recall', cancel: 'Keep flying' },
      confirmProps: { color: 'orange', 'data-testid': 'confirm-recall' },
      onConfirm: () => recall.mutate({ movement_id: m.id }, { onSuccess: () => showSuccess(recalledMessage(m)) }),
    });
  const confirmCancel = (m: MovementLike) =>
    modals.openConfirmModal({
      title: 'Cancel stationing',
      children: `Send ${m.username}'s stationed fleet home?`,
      labels: { confirm: 'Cancel stationing', cancel: 'Keep it' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-cancel-stationing' },
      onConfirm: () => cancel.mutate({ movement_id: m.id }, { onSuccess: () => showSuccess(stationingCancelledMessage(m)) }),
    });
  return { confirmRecall, confirmCancel, busy: recall.isPending || cancel.isPending };
}

/** Unit and resource names of the catalogue (the key while game data is loading). */
export type NameOf = (kind: 'unit' | 'resource', key: string) => string;
export function namesFrom(data: GameData | undefined): NameOf {
  return (kind, key) => (kind === 'unit' ? data?.units[key]?.name : data?.resources[key as keyof GameData['resources']]?.name) ?? key;
}
