import type { MovementMission } from './mission-table';

/**
 * The legs of a fleet's flight: when it arrives, when it is back, and what a recall does. Times are
 * epoch milliseconds; one-way flights are whole seconds (travelTime).
 */

/** Arrival of a leg that starts at `startMs` and lasts `seconds`. */
export function legArrival(startMs: number, seconds: number): number {
  return startMs + Math.max(0, seconds) * 1000;
}

/**
 * A recall at `nowMs` of a fleet that left at `startMs`: it turns around where it is and flies back
 * as long as it had flown (never longer than its whole leg: a recall at or after arrival is refused
 * by the caller). A fleet stationed at the target (no arrival time) flies the whole leg home.
 */
export function recallReturnArrival(startMs: number, arrivalMs: number | null, nowMs: number, oneWaySeconds: number): number {
  if (arrivalMs == null) return legArrival(nowMs, oneWaySeconds);
  const flown = Math.min(Math.max(0, nowMs - startMs), Math.max(0, arrivalMs - startMs));
  return nowMs + flown;
}

/** Whether a fleet can still be recalled at `nowMs`: not already heading home, and not yet arrived (stationed fleets always can). */
export function isRecallable(mission: MovementMission, arrivalMs: number | null, nowMs: number): boolean {
  if (mission === 'RETURN') return false;
  return arrivalMs == null || nowMs < arrivalMs;
}
