import { pushKindOf, type MessageType, type PushKind, type PushPreferences } from '@brood/contracts';
import { JOBS } from '../../job-contracts';
import { scheduleJobs, type JobSender } from '../../jobs';
import { boundRows } from '../../kernel/bulk-write';
import { withDefaults } from './subscriptions.command';

/** What a push announces: a notification, or a private message (read by push-delivery at send time). */
export type PushSource = { notification_id: string } | { message_id: number };

/** A row just stored that may be pushed, as the push scheduler needs it. */
export interface StoredNote {
  source: PushSource;
  userId: number;
  /** The switch that governs it; null: never pushed. */
  kind: PushKind | null;
}

/** A notification's push row: its kind comes from its message type. */
export const notificationNote = (id: string, userId: number, messageType: MessageType): StoredNote => ({ source: { notification_id: id }, userId, kind: pushKindOf(messageType) });

/**
 * In the storing transaction: one push job per pushed row and subscription of its addressee who keeps
 * that kind on, so a push exists exactly when its notification or message does. Notifications and
 * private messages both schedule through here. One read, one insert; nothing for a batch with no pushed kind.
 */
export async function schedulePushes(tx: JobSender, notes: readonly StoredNote[]): Promise<void> {
  const pushed = notes.flatMap((n) => (n.kind ? [{ ...n, kind: n.kind }] : []));
  if (pushed.length === 0) return;
  // Bound, so the text is prepared and keeps its plan: the worker runs it for every batch that notifies.
  const subscriptions = await boundRows<{ id: string; user_id: number; switches: Partial<PushPreferences> | null }>(
    tx.em,
    `select s.id, s.user_id, p.switches from push_subscriptions s left join push_preferences p on p.user_id = s.user_id
     where s.user_id in (select value::int from json_array_elements_text(?::json))`,
    [JSON.stringify([...new Set(pushed.map((n) => n.userId))])],
  );
  if (subscriptions.length === 0) return;
  const jobs = pushed.flatMap((n) =>
    subscriptions
      .filter((s) => s.user_id === n.userId && withDefaults(s.switches)[n.kind])
      .map((s) => ({ payload: { ...n.source, subscription_id: Number(s.id) } })),
  );
  await scheduleJobs(tx, JOBS.pushDelivery, jobs);
}
