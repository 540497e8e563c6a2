import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMovement } from '@brood/contracts';
import type { Dispatchable } from '@brood/game-core';
import { describeApiError, errorDetail } from '../../lib/api-errors';
import { formatDuration } from '../../lib/format';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { useTickWhile } from '../../hooks/use-tick-while';
import { useUiStore, type MissionType } from '../../stores/ui-store';
import { useTRPC } from '../../trpc';
import { useEconomy, type EconomyView } from '../territories';
import { countsOf, stockOf, useStats, useTerritoryUnits } from '../territories';
import {
  UNIT_NOTICE_MS,
  armySummary,
  canSend,
  clampAmount,
  dispatchError,
  keepEligible,
  sanitizeCoordinate,
  sentResources,
  type CoordinateField,
  type DispatchContext,
  type DispatchForm,
} from './dispatch-model';
import { JOIN_MISSION, joinedMessage } from './join-banner';
import { JOIN_OVER, joinCheck } from './join-model';

const EMPTY: DispatchForm = { r: '', s: '', p: '', mission: 'TRANSPORT', units: {}, resources: {}, explorationHours: '1' };

/** Core §9: the default maximum exploration duration when stats have not said otherwise. */
export const DEFAULT_MAX_EXPLORATION_HOURS = 24;

/** 'Army launched to R-S-P! ETA: ...' (core §8). */
export function launchedMessage(target: readonly [number, number, number], seconds: number): string {
  return `Army launched to ${target.join('-')}! ETA: ${formatDuration(seconds)}`;
}

/** The rules' view of a start territory: where it is, its speed and cargo effects, the universe's speed and bounds. */
export function dispatchContext(view: EconomyView, maxExplorationHours: number): DispatchContext | null {
  const territory = view.territory;
  if (!territory) return null;
  const map = view.gameData.universe.map;
  return {
    start: [territory.region, territory.sub_region, territory.position],
    catalogue: view.catalogue,
    maxExplorationHours,
    speedPct: view.economy?.effects.unit_speed_pct ?? 0,
    cargoPct: view.economy?.effects.cargo_pct ?? 0,
    universeSpeed: view.gameData.universe.universe_speed_factor,
    bounds: { regions: map.regions, subRegions: map.sub_regions, positions: map.positions },
  };
}

/**
 * The dispatch form of the selected territory: its state, the live summary, and sending. A pending
 * order from the map fills target and mission once, and keeps the target after a send.
 */
export function useDispatch(startId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const economy = useEconomy(startId);
  const units = useTerritoryUnits(startId);
  const stats = useStats();
  const order = useUiStore((s) => s.pendingMovementOrder);
  const join = useUiStore((s) => s.pendingMultiPartyJoin);
  const [form, setForm] = useState<DispatchForm>(EMPTY);
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  // The map's order: coordinates and mission, applied when it arrives.
  useEffect(() => {
    if (!order) return;
    setForm((f) => ({ ...f, r: String(order.targetR), s: String(order.targetS), p: String(order.targetP), mission: order.missionType }));
  }, [order]);

  // A pending join locks target and mission (core "Mission dispatch"); when it ends the form unlocks.
  useEffect(() => {
    if (join) setForm((f) => ({ ...f, r: String(join.targetR), s: String(join.targetS), p: String(join.targetP), mission: JOIN_MISSION.value }));
    else setForm((f) => (f.mission === JOIN_MISSION.value ? { ...f, mission: 'ATTACK' } : f));
  }, [join]);

  const view = economy.view;
  const territory = view?.territory;
  const available = useMemo(() => countsOf(units.data, 'unit_key'), [units.data]);

  // The simulator's order also names units: selected once what is home is known, at most what is home.
  const unitsApplied = useRef<unknown>(null);
  useEffect(() => {
    if (!order?.units || !units.data || unitsApplied.current === order) return;
    unitsApplied.current = order;
    const picked = order.units;
    setForm((f) => ({ ...f, units: Object.fromEntries(Object.entries(picked).map(([k, n]) => [k, clampAmount(n, available[k] ?? 0)])) }));
  }, [order, units.data, available]);
  const stock = useMemo(() => stockOf(territory ?? undefined), [territory]);
  const maxHours = stats.data?.global_stats.max_exploration_duration_hours ?? DEFAULT_MAX_EXPLORATION_HOURS;
  const ctx = useMemo(() => (view ? dispatchContext(view, maxHours) : null), [view, maxHours]);

  const summary = ctx ? armySummary(form, ctx) : null;

  // While a join is open: can this fleet still make the group's arrival (game-core's rule, as the server's)?
  const now = useTickWhile(join !== null);
  const joining = join ? joinCheck(join.mainFleetArrivalTime, now, summary?.eta ?? null, view?.gameData.universe.multi_party_max_delay_share ?? 0) : null;
  // The main fleet has arrived: after a result the pending join is cleared (social §4.2), the form dispatches normally again.
  const joinOver = join !== null && joining === null;
  useEffect(() => {
    if (!joinOver) return;
    useUiStore.getState().clearPendingMultiPartyJoin();
    showInfo(JOIN_OVER);
  }, [joinOver]);

  const send = useMutation(
    trpc.movements.send.mutationOptions({
      meta: { errorToast: (info) => `Error: ${info.detail}` },
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.movements.pathFilter());
        void queryClient.invalidateQueries(trpc.territories.pathFilter());
        void queryClient.invalidateQueries(trpc.stats.pathFilter());
      },
    }),
  );

  // POST /movements/invitations/{id}/accept: the join (core spec 7).
  const accept = useMutation(
    trpc.movements.acceptInvitation.mutationOptions({
      meta: { errorToast: false },
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.movements.pathFilter());
        void queryClient.invalidateQueries(trpc.territories.pathFilter());
        void queryClient.invalidateQueries(trpc.stats.pathFilter());
      },
    }),
  );

  const setCoordinate = (field: CoordinateField, raw: string) => setForm((f) => ({ ...f, [field]: sanitizeCoordinate(field, raw) }));
  const setTarget = (t: { region: number; sub_region: number; position: number }) =>
    setForm((f) => ({ ...f, r: String(t.region), s: String(t.sub_region), p: String(t.position) }));
  const setMission = (mission: MissionType) => {
    if (!ctx) return;
    setForm((f) => {
      const { units: kept, dropped } = keepEligible(f.units, mission, ctx.catalogue);
      if (dropped) {
        setNotice(true);
        clearTimeout(noticeTimer.current);
        noticeTimer.current = setTimeout(() => setNotice(false), UNIT_NOTICE_MS);
      }
      return { ...f, mission, units: kept };
    });
  };
  const setUnit = (key: string, value: number | string) =>
    setForm((f) => ({ ...f, units: { ...f.units, [key]: clampAmount(value, available[key] ?? 0) } }));
  const setResource = (key: string, value: number | string, limit: number) =>
    setForm((f) => ({ ...f, resources: { ...f.resources, [key]: clampAmount(value, limit) } }));
  const selectAll = () => {
    if (!ctx) return;
    setForm((f) => ({ ...f, units: Object.fromEntries(Object.entries(available).filter(([k, n]) => n > 0 && eligible(k, f.mission))) }));
  };
  const eligible = (key: string, mission: MissionType = form.mission) => (ctx ? keepEligible({ [key]: 1 }, mission, ctx.catalogue).units[key] === 1 : false);

  const submit = () => {
    if (!ctx) return;
    const problem = dispatchError(form, ctx);
    setError(problem);
    if (problem) return;
    const target = [Number(form.r), Number(form.s), Number(form.p)] as const;
    const units = Object.fromEntries(Object.entries(form.units).filter(([, n]) => n > 0));
    if (join) {
      accept.mutate(
        { invitation_id: join.invitationId, invitationId: join.invitationId, joining_fleet_territory_id: startId, units },
        {
          onSuccess: () => {
            showSuccess(joinedMessage(target));
            setForm((f) => ({ ...f, units: {}, resources: {} }));
            useUiStore.getState().clearPendingMultiPartyJoin();
          },
          onError: (e) => {
            setError(errorDetail(e));
            showError(`Failed to join attack: ${errorDetail(e)}`);
            // An invitation that is gone, expired or full cannot be used again: the join is cleared; a fixable refusal (units, timing) keeps it.
            const status = describeApiError(e).status;
            if (status === 404 || status === 409) useUiStore.getState().clearPendingMultiPartyJoin();
          },
        },
      );
      return;
    }
    const payload: SendMovement<Dispatchable> = {
      start_territory_id: startId,
      target_region: target[0],
      target_sub_region: target[1],
      target_position: target[2],
      mission: form.mission as Dispatchable,
      units,
      resources: sentResources(form),
      exploration_duration_hours: form.mission === 'EXPLORATION' ? Number(form.explorationHours) : null,
    };
    send.mutate(payload, {
      onSuccess: (result) => {
        const seconds = Math.round((Date.parse(result.arrival_time) - Date.parse(result.start_time)) / 1000);
        showSuccess(launchedMessage(target, seconds));
        // Selections go; the target stays only when the map set it (core §4 "Mission dispatch").
        setForm((f) => ({ ...f, ...(order ? {} : { r: '', s: '', p: '' }), units: {}, resources: {} }));
      },
      onError: (e) => setError(describeApiError(e).detail || describeApiError(e).message),
    });
  };

  return {
    order,
    join,
    ctx,
    form,
    summary,
    available,
    stock,
    notice,
    error,
    sending: send.isPending || accept.isPending,
    sendable: ctx !== null && canSend(form, ctx.start) && (joining?.ok ?? true),
    joining,
    loading: economy.isLoading || units.isPending,
    loadError: economy.error,
    setCoordinate,
    setTarget,
    setMission,
    setUnit,
    setResource,
    setExplorationHours: (h: string) => setForm((f) => ({ ...f, explorationHours: h })),
    selectAll,
    eligible,
    submit,
  };
}

export type Dispatch = ReturnType<typeof useDispatch>;
