import type { EntityManager } from '@mikro-orm/postgresql';
import { pushKindOf, PUSH_KINDS, type MessageType, type PushPayload } from '@brood/contracts';
import type { PushSource } from './schedule-pushes';

/** One push ready to encrypt and send: where, the browser's keys, and what it says. */
export interface PushToSend {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: PushPayload;
}

const BODY_MAX = 140;

/** The page a click opens: an incoming attack leads to the game, everything else to its notification. */
const urlOf = (type: MessageType): string => (type === 'INCOMING_ATTACK_WARNING' ? '/dashboard' : '/notifications');

/** A short text for the lock screen: the notification's own sentence when it has one, else its kind. */
function bodyOf(type: MessageType, content: unknown): string {
  const message = typeof content === 'object' && content !== null && 'message' in content && typeof content.message === 'string' ? content.message : null;
  const kind = pushKindOf(type);
  const text = message ?? (kind ? PUSH_KINDS[kind].label : 'Broodspace');
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

/** The one line a lock screen shows for a private message: sender and subject, never the body. */
const messageBody = (sender: string | null, subject: string, circular: boolean): string => {
  const text = `${sender ?? 'deleted player'}${circular ? ' (circular)' : ''}: ${subject}`;
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
};

/**
 * The push a job delivers, read at send time: null when the subscription, the notification or the
 * message is gone (the player switched push off on that browser, deleted the message, or the account
 * was deleted): nothing to send.
 */
export async function pushToSend(em: EntityManager, source: PushSource, subscriptionId: number): Promise<PushToSend | null> {
  if ('message_id' in source) {
    const [row] = await em.execute<{ endpoint: string; p256dh: string; auth: string; sender: string | null; subject: string; is_circular: boolean }[]>(
      `select s.endpoint, s.p256dh, s.auth, u.username as sender, m.subject, m.is_circular
       from push_subscriptions s join messages m on m.recipient_id = s.user_id and not m.recipient_deleted
       left join users u on u.id = m.sender_id
       where s.id = ? and m.id = ?`,
      [subscriptionId, source.message_id],
    );
    if (!row) return null;
    return {
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
      payload: { title: PUSH_KINDS.private_message.label, body: messageBody(row.sender, row.subject, row.is_circular), url: '/messages' },
    };
  }
  const [row] = await em.execute<{ endpoint: string; p256dh: string; auth: string; message_type: MessageType; title: string; content: unknown }[]>(
    `select s.endpoint, s.p256dh, s.auth, n.message_type, n.title, n.content
     from push_subscriptions s join notifications n on n.user_id = s.user_id
     where s.id = ? and n.id = ?`,
    [subscriptionId, source.notification_id],
  );
  if (!row) return null;
  return {
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    payload: { title: row.title, body: bodyOf(row.message_type, row.content), url: urlOf(row.message_type) },
  };
}

/** A push service answered 404 or 410: the browser dropped this subscription, so the server forgets it. */
export async function forgetSubscription(em: EntityManager, subscriptionId: number): Promise<void> {
  await em.execute('delete from push_subscriptions where id = ?', [subscriptionId]);
}
