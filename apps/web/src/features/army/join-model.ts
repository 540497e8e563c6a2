import { groupDelayText, joinTiming, tooLateSentence } from '@brood/game-core';
import type { ArmySummary } from './dispatch-model';

export const JOIN_MATCHES_ARRIVAL = 'Your fleet will match the group\'s arrival time.';
export const JOIN_PICK_UNITS = 'Select units to see whether this fleet can make the group\'s arrival.';
/** Social §4.2: 'After a result, the pending join is cleared'; the main fleet's arrival is one. */
export const JOIN_OVER = 'The main fleet has arrived: the join is over and the form is back to a normal dispatch.';

export interface JoinCheck {
  /** Whether 'Join Attack' can be pressed. */
  ok: boolean;
  text: string;
}

/**
 * Whether this fleet can still make the group's arrival window, by game-core's joinTiming, the rule
 * the server refuses a late joiner by: on time, late but within the allowed delay (the whole group
 * arrives later), or too late (with the server's own sentence). Null once the main fleet has arrived.
 */
export function joinCheck(groupArrival: Date | string | null, now: number, eta: ArmySummary['eta'] | null, share: number): JoinCheck | null {
  if (groupArrival === null) return { ok: true, text: JOIN_MATCHES_ARRIVAL };
  const arrivalMs = new Date(groupArrival).getTime();
  if (arrivalMs <= now) return null;
  if (typeof eta !== 'number') return { ok: true, text: JOIN_PICK_UNITS };
  const timing = joinTiming(arrivalMs, now, eta, share);
  if (!timing.ok) return { ok: false, text: tooLateSentence(timing.lateMs, timing.allowedMs, arrivalMs - now, share) };
  if (timing.delayMs > 0) return { ok: true, text: `This fleet is slower than the group: joining moves the whole attack ${groupDelayText(timing.delayMs)} later.` };
  return { ok: true, text: JOIN_MATCHES_ARRIVAL };
}
