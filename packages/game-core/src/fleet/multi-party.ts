import type { MovementMission } from './mission-table';

/**
 * Multi-party attacks (GAME-RULES "Multi-party attack"): every fleet of a group arrives at one
 * instant. A joiner that would be early flies slower and arrives with the group; one that would be
 * late may push the whole group back by at most `maxDelayShare` of the time the main fleet still has
 * to fly, else it cannot join. Instants are epoch milliseconds, flights whole seconds.
 */

/** The missions of an attack group: the initiator's and its participants'. */
export const GROUP_MISSIONS = ['MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT'] as const;

export const isGroupMission = (mission: MovementMission): boolean => (GROUP_MISSIONS as readonly string[]).includes(mission);

export type JoinTiming =
  /** The joiner arrives at `arrivalMs`; `delayMs` > 0 when that moved the whole group back. */
  | { ok: true; arrivalMs: number; delayMs: number }
  /** Too late: it would arrive `lateMs` after the group, and at most `allowedMs` is allowed. */
  | { ok: false; lateMs: number; allowedMs: number };

/**
 * When a fleet that needs `flightSeconds` to reach the target, leaving at `nowMs`, arrives if it
 * joins a group due at `groupArrivalMs`. The delay allowed is floored to whole milliseconds.
 */
export function joinTiming(groupArrivalMs: number, nowMs: number, flightSeconds: number, maxDelayShare: number): JoinTiming {
  const own = nowMs + Math.max(0, flightSeconds) * 1000;
  if (own <= groupArrivalMs) return { ok: true, arrivalMs: groupArrivalMs, delayMs: 0 };
  const lateMs = own - groupArrivalMs;
  const allowedMs = Math.floor(Math.max(0, groupArrivalMs - nowMs) * Math.max(0, maxDelayShare));
  return lateMs <= allowedMs ? { ok: true, arrivalMs: own, delayMs: lateMs } : { ok: false, lateMs, allowedMs };
}

/** Seats left in a group: `max` participants besides the initiator, less those in it and those invited. */
export function openSeats(max: number, participants: number, pendingInvitations: number): number {
  return Math.max(0, max - participants - pendingInvitations);
}

/** A delay as the join's sentences say it: '42s', '3m 07s', '1h 02m 09s'. */
export function groupDelayText(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/**
 * The sentence of a refused late joiner: how late, how much is allowed and why. The server refuses
 * with it and the Army form says it before the player tries (the same rule, joinTiming).
 */
export function tooLateSentence(lateMs: number, allowedMs: number, remainingMs: number, share: number): string {
  return `Your fleet would arrive ${groupDelayText(lateMs)} after the group, but a joining fleet may delay the attack by at most ${groupDelayText(allowedMs)} `
    + `(${Math.round(share * 100)}% of the ${groupDelayText(remainingMs)} the main fleet still has to fly). Send faster units or join from a nearer territory.`;
}
