import { missionLabel } from '@brood/game-core';
import type { RouterOutputs } from '../../lib/api-types';
import { formatCountdown } from '../../lib/format';

/** A fleet movement as GET /movements/active answers it (social spec 3 "Fleet movement"). */
export type MovementLike = RouterOutputs['movements']['active'][number];

/** Social spec 2.7 and 4.6: the panel's texts. */
export const MOVEMENT_TEXT = {
  empty: 'No active army movements.',
  error: 'Error loading army movements',
  arrived: 'Arrived',
  processing: 'Processing...',
  stationed: 'Stationed',
  hidden: 'Hidden',
  indefinite: 'Indefinite',
} as const;

/** Social spec 7: the active movements are polled every 15 s (real-time events refresh them sooner). */
export const MOVEMENTS_POLL_MS = 15_000;

/** The mission's label from game-core's table ('Explore'). */
export { missionLabel };

/** A fleet at an ally's territory: no arrival time, shown at the target. */
export const isStationed = (m: Pick<MovementLike, 'mission_type'>) => m.mission_type === 'ALLIED_STATIONED';

/** Where the map draws a fleet that is not flying: stationed at an ally, or staying at its target to explore. */
export const isAtTarget = (m: Pick<MovementLike, 'mission_type' | 'is_exploring'>) => isStationed(m) || m.is_exploring;

/** The card's label: the mission, or 'Exploring' while an exploration stays at its target. */
export const movementLabel = (m: Pick<MovementLike, 'mission_type' | 'is_exploring'>) => (m.is_exploring ? 'Exploring' : missionLabel(m.mission_type));

/** Progress from start_time to arrival_time in percent; 100 without an arrival time (social 4.6). */
export function movementProgress(m: Pick<MovementLike, 'start_time' | 'arrival_time'>, now: number): number {
  if (m.arrival_time === null) return 100;
  const start = Date.parse(m.start_time);
  const end = Date.parse(m.arrival_time);
  if (!(end > start)) return 100;
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100));
}

/** The countdown, 'Arrived' once it ran out, 'Stationed' or 'Processing...' without an arrival time. */
export function movementStatus(m: Pick<MovementLike, 'mission_type' | 'arrival_time'>, now: number): string {
  if (m.arrival_time === null) return isStationed(m) ? MOVEMENT_TEXT.stationed : MOVEMENT_TEXT.processing;
  return formatCountdown(m.arrival_time, now, MOVEMENT_TEXT.arrived);
}

/** Social 5.4: invite to an own ATTACK without a group, or to an own initiator with seats left; both not returning. */
export function canInvite(m: MovementLike, me: number | null): boolean {
  if (m.user_id !== me || m.is_returning) return false;
  if (m.mission_type === 'ATTACK') return m.attack_group_id === null;
  return m.mission_type === 'MULTI_PARTY_ATTACK_INITIATOR' && m.current_participants !== null && m.max_participants !== null && m.current_participants < m.max_participants;
}

/** Social 5.4: the owner recalls a fleet that is not returning; the host cancels an allied stationing; invitations as canInvite. */
export function fleetActions(m: MovementLike, me: number | null, now: number): { recall: boolean; cancelStationing: boolean; invite: boolean } {
  const own = m.user_id === me;
  const arrived = m.arrival_time !== null && Date.parse(m.arrival_time) <= now;
  return {
    recall: own && !m.is_returning && m.mission_type !== 'RETURN' && !arrived,
    cancelStationing: !own && m.is_allied_stationing && m.target_owner_id !== null && m.target_owner_id === me,
    invite: canInvite(m, me) && !arrived,
  };
}

/** Social 9: a group's size is shown as participants + 1 over max + 1 (the initiator counts too). */
export function groupSize(m: Pick<MovementLike, 'current_participants' | 'max_participants'>): string | null {
  return m.current_participants !== null && m.max_participants !== null ? `${m.current_participants + 1} / ${m.max_participants + 1}` : null;
}

export type MissionTone = 'attack' | 'transport' | 'station' | 'allied' | 'exploration' | 'colonize' | 'spy' | 'neutral' | 'default';

/** Social 2.6: a colour per mission; other players' fleets read as attack or neutral. */
export function missionTone(m: Pick<MovementLike, 'mission_type' | 'is_own_fleet' | 'is_attacking_player' | 'is_allied_stationing'>): MissionTone {
  if (!m.is_own_fleet && !m.is_allied_stationing) return m.is_attacking_player ? 'attack' : 'neutral';
  switch (m.mission_type) {
    case 'ATTACK':
    case 'MULTI_PARTY_ATTACK_INITIATOR':
    case 'MULTI_PARTY_ATTACK_PARTICIPANT':
      return 'attack';
    case 'TRANSPORT':
      return 'transport';
    case 'STATION':
      return 'station';
    case 'ALLIED_STATIONING_PENDING':
    case 'ALLIED_STATIONED':
      return 'allied';
    case 'EXPLORATION':
      return 'exploration';
    case 'COLONIZE':
      return 'colonize';
    case 'SPY':
      return 'spy';
    default:
      return 'default';
  }
}

export const TONE_COLORS: Record<MissionTone, string> = {
  attack: '#ff5a4e',
  transport: '#4fc3f7',
  station: '#9dff12',
  allied: '#69f0ae',
  exploration: '#ffd54f',
  colonize: '#ce93d8',
  spy: '#b388ff',
  neutral: '#b0bec5',
  default: '#e0e0e0',
};

/** The army slot counter: own fleets against max_fleets; '?' while data is missing, '!' on error. */
export function slotCounter(own: number | null, max: number | null, failed: boolean): string {
  if (failed) return '!';
  if (own === null || max === null) return '?';
  return `${own} / ${max}`;
}

/** Where a movement flies from and to on the map: a returning fleet flies from its target back home. */
export function routeOf(m: MovementLike): { from: [number, number, number]; to: [number, number, number] } {
  const start: [number, number, number] = [m.start_region, m.start_sub_region, m.start_position];
  const target: [number, number, number] = [m.target_region, m.target_sub_region, m.target_position];
  return m.is_returning || m.mission_type === 'RETURN' ? { from: target, to: start } : { from: start, to: target };
}

/** A unit's quantity as shown: 'Hidden' when the server withholds it. */
export const quantityText = (q: number | null) => (q === null ? MOVEMENT_TEXT.hidden : String(q));
