import { parseGameEvent } from '@brood/contracts';
import { effectOf, type EventToast, type RefreshGroup } from './event-effects';
import type { RealtimeMessage } from './realtime-client';

export interface DispatcherDeps {
  nameOf: (key: string) => string;
  showToast: (toast: EventToast) => void;
  /** Invalidate the groups' queries; `active: false` only marks them stale. */
  refresh: (groups: RefreshGroup[], active: boolean) => void;
  warn: (message: string, detail: unknown) => void;
  /** Signs the page out to /login with this sentence (a suspended account). */
  endSession: (message: string) => void;
}

/**
 * Applies a real-time message: checks it against the event contracts (an unknown event or a payload
 * that does not match is ignored with a console warning), refreshes its data and shows its toast.
 * The server sends one message per happening, so there is nothing to de-duplicate here.
 */
export function dispatchEvent(deps: DispatcherDeps, { event, data }: RealtimeMessage): void {
  const parsed = parseGameEvent(event, data);
  if (!parsed.ok) {
    deps.warn(`Real-time: ignored ${parsed.problem}`, data);
    return;
  }
  const effect = effectOf(parsed.message, deps.nameOf);
  if (effect.endSession !== undefined) {
    deps.endSession(effect.endSession);
    return;
  }
  if (effect.refresh.length) deps.refresh(effect.refresh, true);
  if (effect.markStale?.length) deps.refresh(effect.markStale, false);
  if (effect.toast) deps.showToast(effect.toast);
}
