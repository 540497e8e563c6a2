import { cancelRefund, scaleResources, type Resources } from '@brood/game-core';
import { formatNumber } from '../../lib/format';

/**
 * Where a queue item stands at `now` (core §4): before its start it 'Starts in', between start and
 * end it shows a progress bar and the time left, after its end it is finished. Pure, so the
 * 250 ms ticker and the tests read the same numbers.
 */

import { formatCountdown } from '../../lib/format';

type Instant = Date | string | number;

export type QueuePhase = 'waiting' | 'running' | 'finished';

export interface QueueProgress {
  phase: QueuePhase;
  /** 0..100 */
  percent: number;
  /** Milliseconds until the item starts (0 once started). */
  startsInMs: number;
  /** Milliseconds until the item ends (0 once finished). */
  remainingMs: number;
  startMs: number;
  endMs: number;
}

function toMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/** null when either time is unreadable (the row then reads 'Invalid time'). */
export function queueProgress(start: Instant, end: Instant, now: number): QueueProgress | null {
  const startMs = toMs(start);
  const endMs = toMs(end);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return null;
  if (now >= endMs) return { phase: 'finished', percent: 100, startsInMs: 0, remainingMs: 0, startMs, endMs };
  if (now < startMs) {
    return { phase: 'waiting', percent: 0, startsInMs: startMs - now, remainingMs: endMs - now, startMs, endMs };
  }
  const total = endMs - startMs;
  const percent = total <= 0 ? 100 : Math.min(100, Math.max(0, ((now - startMs) / total) * 100));
  return { phase: 'running', percent, startsInMs: 0, remainingMs: endMs - now, startMs, endMs };
}

/**
 * A wait shown as a countdown ('4m 5s'), rounded up to whole seconds so the last second reads '1s'
 * rather than 'Finished' while the item has not ended yet.
 */
export function countdownText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return formatCountdown(seconds * 1000, 0);
}

/** Cancel is offered only while progress is under 100 percent. */
export function canCancel(progress: QueueProgress | null): boolean {
  return progress !== null && progress.phase !== 'finished' && progress.percent < 100;
}

/** The spec's confirmation sentence for cancelling a queue item (the share comes from game data: 0.3). */
export function cancelConfirmation(itemName: string, refundShare = 0.3): string {
  const percent = Math.round(refundShare * 100);
  return `Do you really want to cancel "${itemName}"? Only ${percent}% of paid resources will be refunded.`;
}

/**
 * What the cancel dialog adds to the spec's sentence: the level (or the batch) and what comes back,
 * by game-core's refund rule (the server's): 'Lvl 3 · refund: 90 Fiber, 45 Crystal.'
 */
export function cancelRefundText(
  detail: string,
  paid: Record<string, number> | undefined,
  refundShare = 0.3,
  delivered: { done: number; total: number } | null = null,
  nameOf: (key: string) => string = (key) => key,
): string {
  const left = delivered && delivered.total > 0 ? (delivered.total - delivered.done) / delivered.total : 1;
  const refund = cancelRefund(scaleResources((paid ?? {}) as Resources, left), refundShare) as Record<string, number>;
  const parts = Object.entries(refund).filter(([, n]) => n > 0).map(([key, n]) => `${formatNumber(n)} ${nameOf(key)}`);
  return `${detail} · refund: ${parts.length > 0 ? parts.join(', ') : 'nothing'}.`;
}
