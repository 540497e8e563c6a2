import { useQuery, skipToken } from '@tanstack/react-query';
import { MENU_MISSIONS, missionAvailability, type MenuMission, type MissionAvailability, type TargetOccupant } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { useAllyIds } from '../map';
import type { DispatchForm } from './dispatch-model';

/** The map's reads change slowly; a minute is fresh enough to explain a mission choice. */
const TARGET_STALE_MS = 60_000;

const OK: MissionAvailability = { ok: true };

/**
 * Whether the chosen mission can be flown by the selected units (or, before any is selected, by what
 * is home) to the typed target, and if not the one-line reason: game-core's missionAvailability, the
 * same rule and sentence the map's menu shows. Unknown parts of the target (not loaded yet) only let
 * the units decide; a join, which is no menu mission, is never refused here.
 */
export function useMissionCheck(
  form: Pick<DispatchForm, 'r' | 's' | 'p' | 'mission' | 'units'>,
  start: readonly [number, number, number],
  available: Readonly<Record<string, number>>,
  catalogue: Pick<Catalogue, 'units' | 'structures' | 'technologies'> | null,
): MissionAvailability {
  const trpc = useTRPC();
  const me = useAuthStore((s) => s.currentUser?.id ?? null);
  const allies = useAllyIds(me);
  const [r, s, p] = [Number(form.r), Number(form.s), Number(form.p)];
  const whole = [r, s, p].every((n) => Number.isInteger(n) && n > 0);
  const territories = useQuery(trpc.map.regionTerritories.queryOptions(whole ? { regionId: r, subRegion: s } : skipToken, { staleTime: TARGET_STALE_MS }));
  const wreckage = useQuery(trpc.wreckage.map.queryOptions(whole ? { regionId: r, subRegion: s } : skipToken, { staleTime: TARGET_STALE_MS }));
  const mission = form.mission as MenuMission;
  if (!catalogue || !MENU_MISSIONS.includes(mission)) return OK;

  let occupant: TargetOccupant | null = null;
  if (whole && territories.data) {
    const t = territories.data.find((x) => x.position === p);
    occupant = !t ? 'free' : t.owner_id === null ? 'neutral' : t.owner_id === me ? 'own' : allies.has(t.owner_id) ? 'ally' : 'foreign';
  }
  const picked = Object.fromEntries(Object.entries(form.units).filter(([, n]) => n > 0));
  const units = Object.keys(picked).length > 0 ? picked : available;
  const target = {
    occupant,
    wreckage: whole && (wreckage.data?.fields ?? []).some((f) => f.position === p),
    isStart: whole && r === start[0] && s === start[1] && p === start[2],
  };
  return missionAvailability(mission, target, units, catalogue);
}
