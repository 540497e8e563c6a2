/** Real-time reconnect rules (social spec §4.9, §9). */
export const MAX_RECONNECT_ATTEMPTS = 8;
export const MAX_RECONNECT_DELAY_MS = 30_000;
export const CONNECTED_TOAST_MS = 2_000;
export const GAVE_UP_TOAST_MS = 10_000;
export const GAVE_UP_MESSAGE = 'Could not maintain real-time connection.';
/** A connection counts as up (the attempt count starts again) only after it stayed open this long. */
export const STABLE_CONNECTION_MS = 10_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): 2^attempt seconds, capped at 30 s, so the
 * eight attempts wait 1, 2, 4, 8, 16, 30, 30 and 30 s. Null once the attempts are used up.
 */
export function reconnectDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0 || attempt >= MAX_RECONNECT_ATTEMPTS) return null;
  return Math.min(MAX_RECONNECT_DELAY_MS, 2 ** attempt * 1000);
}
