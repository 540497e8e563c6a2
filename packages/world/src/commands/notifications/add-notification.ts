import { randomUUID } from 'node:crypto';
import {
  parseStoredNotificationContent, type GameEventData, type MessageType, type NotificationRef, type NotifyingEventName, type StoredNotificationContentOf,
} from '@brood/contracts';
import { eventPayloads, GAME_EVENTS_CHANNEL, inTransactionSql, publishEvents, type GameEventPayload } from '../../events';
import type { JobSender } from '../../jobs';
import { notificationNote, schedulePushes } from '../push/schedule-pushes';

export interface NewNotification<T extends MessageType = MessageType> {
  message_type: T;
  title: string;
  /** Checked against the type's schema in `@brood/contracts` before it is stored (a battle report may store a reference to its battle). */
  content: StoredNotificationContentOf<T>;
  /** The fleet, queue item, report or invitation it is about. */
  related_object_id?: string | number | null;
}

/** An event of its own that announces the notification (it rides along as `notification`). */
export type AnnounceAs = {
  [E in NotifyingEventName]: { event: E; data: Omit<GameEventData<E>, 'notification'> };
}[NotifyingEventName];

/** What travels on the socket: enough for a toast and a refetch. The content stays out (NOTIFY caps payloads at 8000 bytes). */
export type NotificationEventData = NotificationRef;

const TITLE_MAX = 200;

/**
 * Records a notification in the caller's transaction and tells the user's sockets on commit, in one
 * message: NEW_NOTIFICATION_RECEIVED, or the happening's own event (`as`) carrying the notification.
 * The notification exists if and only if the event happened, and so do its Web Push jobs (scheduled
 * with pg-boss in the same transaction, hence the JobSender). A content that does not match its type's
 * schema is a bug of its producer: it throws, and the caller's transaction rolls back.
 */
export async function addNotification<T extends MessageType>(tx: JobSender, userId: number, input: NewNotification<T>, now: Date = new Date(), as?: AnnounceAs): Promise<NotificationRef> {
  const [ref] = await addNotifications(tx, [{ userId, input, as }], now);
  return ref!;
}

/** One notification of a batch: its addressee, content and the event that announces it. */
export interface NotificationEntry {
  userId: number;
  input: NewNotification;
  as?: AnnounceAs | undefined;
}

/**
 * addNotification for many at once: one insert and one NOTIFY statement, whatever the count. `also`
 * are events of their own (no notification) raised in the same statement, after the notifications'.
 */
export async function addNotifications(tx: JobSender, entries: readonly NotificationEntry[], now: Date = new Date(), also: readonly GameEventPayload[] = []): Promise<NotificationRef[]> {
  const { em } = tx;
  if (entries.length === 0) {
    await publishEvents(em, also);
    return [];
  }
  const rows = entries.map(({ userId, input, as }) => {
    const checked = parseStoredNotificationContent(input.message_type, input.content);
    if (!checked.ok) throw new Error(`Notification ${input.message_type} has invalid content (${checked.problem})`);
    const title = input.title.length > TITLE_MAX ? `${input.title.slice(0, TITLE_MAX - 1)}…` : input.title;
    const relatedObjectId = input.related_object_id == null ? null : String(input.related_object_id).slice(0, 64);
    const ref: NotificationRef = { id: randomUUID(), message_type: input.message_type, title, related_object_id: relatedObjectId, created_at: now.toISOString() };
    return { userId, input, as, ref };
  });
  // Direct inserts, not persist: they run now inside the caller's transaction without flushing the caller's
  // other changes. One statement stores them all and raises their events (delivered on commit, in order).
  const records = rows.map(({ userId, input, ref }) => ({
    id: ref.id, user_id: userId, message_type: input.message_type, title: ref.title, content: input.content ?? null, related_object_id: ref.related_object_id,
  }));
  const events = rows.map(({ userId, as, ref }): GameEventPayload =>
    as
      ? ({ user_id: userId, event: as.event, data: { ...as.data, notification: ref } } as GameEventPayload)
      : { user_id: userId, event: 'NEW_NOTIFICATION_RECEIVED', data: ref },
  ).concat(also);
  await inTransactionSql(em).executeSql(
    `with stored as (
       insert into notifications (id, user_id, message_type, title, content, is_read, related_object_id, created_at)
       select r.id, r.user_id, r.message_type, r.title, r.content, false, r.related_object_id, $2
       from jsonb_to_recordset($1::jsonb) as r(id uuid, user_id int, message_type text, title text, content jsonb, related_object_id text))
     select pg_notify($3, p) from json_array_elements_text($4::json) with ordinality as x(p, n) order by n`,
    [JSON.stringify(records), now, GAME_EVENTS_CHANNEL, JSON.stringify(eventPayloads(events))],
  );
  await schedulePushes(tx, rows.map((r) => notificationNote(r.ref.id, r.userId, r.input.message_type)));
  return rows.map((r) => r.ref);
}
