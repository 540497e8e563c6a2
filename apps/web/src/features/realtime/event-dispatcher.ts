import { effectOf, mirroredEvent, type EventToast, type RefreshGroup } from './event-effects';
import type { RealtimeMessage } from './realtime-client';

export interface DispatcherDeps {
  nameOf: (key: string) => string;
  showToast: (toast: EventToast) => void;
  /** Invalidate the groups' queries; `active: false` only marks them stale. */
  refresh: (groups: RefreshGroup[], active: boolean) => void;
  warn: (message: string, detail: unknown) => void;
  now?: () => number;
}

/** How long a notification's toast waits for its specific event, and how long a seen event counts. */
export const MIRROR_WAIT_MS = 1_000;
export const MIRROR_MEMORY_MS = 5_000;

/**
 * Applies real-time events: refreshes their data and shows one toast per happening. A completion
 * raises both NEW_NOTIFICATION_RECEIVED and CONSTRUCTION_COMPLETED; the specific event's toast wins,
 * and the notification's own toast shows only if that event does not come within a second.
 */
export class EventDispatcher {
  private readonly seen = new Map<string, number>();
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>[]>();
  private readonly now: () => number;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  handle({ event, data }: RealtimeMessage): void {
    const effect = effectOf(event, data, this.deps.nameOf);
    if (!effect) {
      this.deps.warn(`Real-time: ignored unknown event ${event}`, data);
      return;
    }
    if (effect.refresh.length) this.deps.refresh(effect.refresh, true);
    if (effect.markStale?.length) this.deps.refresh(effect.markStale, false);
    if (!effect.toast) return;

    if (event === 'NEW_NOTIFICATION_RECEIVED') {
      const type = typeof data === 'object' && data !== null ? (data as { message_type?: unknown }).message_type : undefined;
      const mirror = typeof type === 'string' ? mirroredEvent(type) : null;
      if (mirror) {
        if (this.seenRecently(mirror)) return;
        this.wait(mirror, effect.toast);
        return;
      }
      this.deps.showToast(effect.toast);
      return;
    }
    this.cancelWaiting(event);
    this.seen.set(event, this.now());
    this.deps.showToast(effect.toast);
  }

  dispose(): void {
    for (const timers of this.waiting.values()) for (const t of timers) clearTimeout(t);
    this.waiting.clear();
    this.seen.clear();
  }

  private seenRecently(event: string): boolean {
    const at = this.seen.get(event);
    return at !== undefined && this.now() - at <= MIRROR_MEMORY_MS;
  }

  private wait(event: string, toast: EventToast): void {
    const timer = setTimeout(() => {
      const list = this.waiting.get(event)?.filter((t) => t !== timer) ?? [];
      if (list.length) this.waiting.set(event, list);
      else this.waiting.delete(event);
      this.deps.showToast(toast);
    }, MIRROR_WAIT_MS);
    this.waiting.set(event, [...(this.waiting.get(event) ?? []), timer]);
  }

  /** The specific event arrived: the notification toasts waiting for it are not needed. */
  private cancelWaiting(event: string): void {
    const timers = this.waiting.get(event);
    if (!timers?.length) return;
    clearTimeout(timers.shift());
    if (timers.length === 0) this.waiting.delete(event);
  }
}
