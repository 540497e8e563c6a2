import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely } from 'pg-boss';
import type { GameEventData, GameEventName } from '@brood/contracts';

/** The channel every api instance LISTENs on; it forwards each event to that user's sockets. */
export const GAME_EVENTS_CHANNEL = 'game_events';

/** Raised by triggers on users (migration 0130) with the id of an account whose session facts changed, '*' for all. */
export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';

/** Raised by triggers on queue_items, movements, territories and users (migrations 0240, 0250, 0280 and 0290): `t<territory id>` (its queues and items), `u<user id>` (their research items or vacation), `f<user id>` (their fleet list), `s<user id>` (their territory rows), or '*' for all. */
export const QUEUE_CHANGES_CHANNEL = 'queue_changes';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: send ids and small facts, clients refetch. */
export const MAX_EVENT_PAYLOAD_BYTES = 7900;

/** What travels on the channel: the addressee and the event (the api forwards `{event, data}`). */
export type GameEventPayload<E extends GameEventName = GameEventName> = {
  [K in E]: { user_id: number; event: K; data: GameEventData<K> };
}[E];

/** pg-boss and NOTIFY statements run on the EntityManager's current transaction (or autocommit outside one). */
export function inTransactionSql(em: EntityManager) {
  return fromKysely(em.getKysely());
}

/**
 * Raises `event` for `userId`'s sockets. Runs `pg_notify` inside the caller's transaction, so it is
 * delivered only if that transaction commits, and after it does (a rolled-back change tells no one).
 * Only the events of `@brood/contracts` with their payloads are accepted.
 */
export async function publishEvent<E extends GameEventName>(em: EntityManager, userId: number, event: E, data: GameEventData<E>): Promise<void> {
  await publishEvents(em, [{ user_id: userId, event, data } as GameEventPayload]);
}

/**
 * Raises `event` for every signed-in player at once: one NOTIFY with `user_id` null, which every api
 * forwards to all its sockets (an announcement to a million players is still one message).
 */
export async function publishToEveryone<E extends GameEventName>(em: EntityManager, event: E, data: GameEventData<E>): Promise<void> {
  const payload = JSON.stringify({ user_id: null, event, data });
  if (Buffer.byteLength(payload) > MAX_EVENT_PAYLOAD_BYTES) throw new Error(`Event ${event} is too large for NOTIFY.`);
  await inTransactionSql(em).executeSql('select pg_notify($1, $2)', [GAME_EVENTS_CHANNEL, payload]);
}

/** Many events in one statement (a batch of completions): delivered on commit, in the order given. */
export async function publishEvents(em: EntityManager, events: readonly GameEventPayload[]): Promise<void> {
  if (events.length === 0) return;
  // One json parameter rather than a text[]: the driver escapes an array's every character in JavaScript.
  await inTransactionSql(em).executeSql('select pg_notify($1, p) from json_array_elements_text($2::json) with ordinality as x(p, n) order by n', [GAME_EVENTS_CHANNEL, JSON.stringify(eventPayloads(events))]);
}

/** The events as NOTIFY payloads, each checked against PostgreSQL's size limit. */
export function eventPayloads(events: readonly GameEventPayload[]): string[] {
  return events.map((e) => {
    const payload = JSON.stringify(e);
    const bytes = Buffer.byteLength(payload);
    if (bytes > MAX_EVENT_PAYLOAD_BYTES) {
      throw new Error(`Event ${e.event} is ${bytes} bytes; NOTIFY payloads must stay under ${MAX_EVENT_PAYLOAD_BYTES}. Send ids and let the client refetch.`);
    }
    return payload;
  });
}
