import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type PgBoss, type SendOptions } from 'pg-boss';

/** The channel every api instance LISTENs on; it forwards each event to that user's sockets. */
export const GAME_EVENTS_CHANNEL = 'game_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: send ids and small facts, clients refetch. */
export const MAX_EVENT_PAYLOAD_BYTES = 7900;

export interface GameEventPayload<T = unknown> {
  user_id: number;
  event: string;
  data: T;
}

/** pg-boss and NOTIFY statements run on the EntityManager's current transaction (or autocommit outside one). */
function inTransaction(em: EntityManager) {
  return fromKysely(em.getKysely());
}

/**
 * Raises `event` for `userId`'s sockets. Runs `pg_notify` inside the caller's transaction, so it is
 * delivered only if that transaction commits, and after it does (a rolled-back change tells no one).
 */
export async function publishEvent<T>(em: EntityManager, userId: number, event: string, data: T): Promise<void> {
  const payload = JSON.stringify({ user_id: userId, event, data } satisfies GameEventPayload<T>);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_EVENT_PAYLOAD_BYTES) {
    throw new Error(`Event ${event} is ${bytes} bytes; NOTIFY payloads must stay under ${MAX_EVENT_PAYLOAD_BYTES}. Send ids and let the client refetch.`);
  }
  await inTransaction(em).executeSql('select pg_notify($1, $2)', [GAME_EVENTS_CHANNEL, payload]);
}

export interface ScheduleOptions {
  /** When the job becomes due (an event's end time); now when omitted. */
  startAfter?: Date;
  /** Identifies the event (e.g. `queue-item:42`); dedups only on queues created with a singleton-style policy. */
  singletonKey?: string;
}

/** Queues this process already created, per pg-boss instance (creating is idempotent but costs a round trip). */
const createdQueues = new WeakMap<PgBoss, Set<string>>();

async function ensureQueue(boss: PgBoss, queue: string): Promise<void> {
  let known = createdQueues.get(boss);
  if (!known) {
    known = new Set();
    createdQueues.set(boss, known);
  }
  if (known.has(queue)) return;
  await boss.createQueue(queue);
  known.add(queue);
}

/**
 * Sends a pg-boss job in the caller's transaction: the job exists if and only if the game row that
 * caused it commits. Returns the job id (null when a singleton policy swallowed a duplicate).
 */
export async function scheduleJob(em: EntityManager, boss: PgBoss, queue: string, data: object, options: ScheduleOptions = {}): Promise<string | null> {
  await ensureQueue(boss, queue);
  const send: SendOptions = { db: inTransaction(em) };
  if (options.startAfter) send.startAfter = options.startAfter;
  if (options.singletonKey) send.singletonKey = options.singletonKey;
  return boss.send(queue, data, send);
}
