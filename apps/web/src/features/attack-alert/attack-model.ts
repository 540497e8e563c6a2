import { formatCoordinates } from '../../lib/format';
import type { MovementLike } from '../movements';

/** An attack flying at one of the player's territories, as the banner shows it. */
export interface IncomingAttack {
  id: string;
  attacker: string;
  /** 'Hive (1:2:3)' */
  target: string;
  startTime: string;
  arrivalTime: string;
}

const targetText = (m: MovementLike) => {
  const at = formatCoordinates([m.target_region, m.target_sub_region, m.target_position]);
  return m.target_territory_name ? `${m.target_territory_name} (${at})` : at;
};

/**
 * Attacks still flying at the player's territories (GET /movements/active marks them is_attacking_player),
 * soonest first; one per attacking fleet (a group's fleets arrive together, the first names the group).
 */
export function incomingAttacks(movements: readonly MovementLike[], me: number | null, now: number): IncomingAttack[] {
  return movements
    .filter((m) => m.is_attacking_player && me !== null && m.target_owner_id === me && m.arrival_time !== null && Date.parse(m.arrival_time) > now)
    .map((m) => ({ id: m.id, attacker: m.username, target: targetText(m), startTime: m.start_time, arrivalTime: m.arrival_time! }))
    .sort((a, b) => Date.parse(a.arrivalTime) - Date.parse(b.arrivalTime));
}

/** A clock-style countdown: '12:03', '1:02:09'; '0:00' once it ran out. */
export function clockCountdown(target: string, now: number): string {
  const total = Math.max(0, Math.ceil((Date.parse(target) - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The document title while an attack flies at the player ('⚠ Attack in 12:03 · Broodspace'), else the page's own. */
export function alertTitle(next: IncomingAttack | undefined, now: number, pageTitle: string): string {
  return next ? `⚠ Attack in ${clockCountdown(next.arrivalTime, now)} · Broodspace` : pageTitle;
}
