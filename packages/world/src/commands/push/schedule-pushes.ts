import { pushKindOf, type MessageType, type PushPreferences } from '@brood/contracts';
import { JOBS } from '../../job-contracts';
import { scheduleJobs, type JobSender } from '../../jobs';
import { withDefaults } from './subscriptions.command';

/** A notification just stored, as the push scheduler needs it. */
export interface StoredNote {
  id: string;
  userId: number;
  messageType: MessageType;
}

/**
 * In the notifications' transaction: one push job per notification of a pushed kind and subscription
 * of its addressee who keeps that kind on, so a push exists exactly when its notification does.
 * One read, one insert; nothing for a batch with no pushed kind.
 */
export async function schedulePushes(tx: JobSender, notes: readonly StoredNote[]): Promise<void> {
  const pushed = notes.flatMap((n) => {
    const kind = pushKindOf(n.messageType);
    return kind ? [{ ...n, kind }] : [];
  });
  if (pushed.length === 0) return;
  const subscriptions = await tx.em.execute<{ id: string; user_id: number; switches: Partial<PushPreferences> | null }[]>(
    `select s.id, s.user_id, p.switches from push_subscriptions s left join push_preferences p on p.user_id = s.user_id
     where s.user_id in (select value::int from json_array_elements_text(?::json))`,
    [JSON.stringify([...new Set(pushed.map((n) => n.userId))])],
  );
  if (subscriptions.length === 0) return;
  const jobs = pushed.flatMap((n) =>
    subscriptions
      .filter((s) => s.user_id === n.userId && withDefaults(s.switches)[n.kind])
      .map((s) => ({ payload: { notification_id: n.id, subscription_id: Number(s.id) } })),
  );
  await scheduleJobs(tx, JOBS.pushDelivery, jobs);
}
