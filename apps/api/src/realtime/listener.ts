import pg from 'pg';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_CHANGES_CHANNEL, GAME_EVENTS_CHANNEL, QUEUE_CHANGES_CHANNEL, pgTimeoutOptions, type DatabaseTimeouts } from '@brood/world';

/** What `publishEvent` puts on the channel; `user_id` null is for every player (`publishToEveryone`). */
const GameEventSchema = z.object({ user_id: z.number().int().nullable(), event: z.string().min(1), data: z.unknown() });
export type GameEvent = z.infer<typeof GameEventSchema>;

export interface ListenerOptions {
  connectionString: string;
  /** The process's database timeouts: a (re)connect that gets no answer fails and is tried again. */
  timeouts: DatabaseTimeouts;
  log: FastifyBaseLogger;
  onEvent: (event: GameEvent) => void;
  /** An account's session facts changed (migration 0130's trigger): its id, or null for every account. */
  onAccountChanged?: (userId: number | null) => void;
  /** A queue or a fleet list changed (migrations 0240 and 0250): `t<territory id>`, `u<user id>`, `f<user id>` or '*'. */
  onQueueChanged?: (payload: string) => void;
  /** Called after every (re)connect, when LISTEN is in place. */
  onListening?: () => void;
  /** Called when the connection is lost (changes raised until the next onListening are missed). */
  onLost?: () => void;
  maxBackoffMs?: number;
}

/**
 * One dedicated connection LISTENing on game_events (a pooled connection cannot hold a LISTEN).
 * If the connection drops it reconnects with a growing delay (250 ms doubling, at most
 * `maxBackoffMs`, 2 s by default: a reconnect costs one connection, a long delay costs every event
 * raised meanwhile); events raised while it was down are missed, and the web app's polling covers them.
 */
export function listenForGameEvents(options: ListenerOptions): { ready: Promise<void>; close(): Promise<void> } {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const handle = (message: pg.Notification) => {
    if (message.channel === QUEUE_CHANGES_CHANNEL) {
      options.onQueueChanged?.(message.payload ?? '*');
      return;
    }
    if (message.channel === ACCOUNT_CHANGES_CHANNEL) {
      const id = Number(message.payload);
      options.onAccountChanged?.(Number.isInteger(id) ? id : null); // '*': every account
      return;
    }
    if (message.channel !== GAME_EVENTS_CHANNEL || !message.payload) return;
    let parsed: ReturnType<typeof GameEventSchema.safeParse>;
    try {
      parsed = GameEventSchema.safeParse(JSON.parse(message.payload));
    } catch {
      options.log.warn({ payload: message.payload.slice(0, 200) }, 'game event is not JSON; dropped');
      return;
    }
    if (!parsed.success) {
      options.log.warn({ payload: message.payload.slice(0, 200) }, 'game event has no user_id or event; dropped');
      return;
    }
    options.onEvent(parsed.data);
  };

  // One attempt at a time: a failed attempt's client may still report its error after the next one began.
  let attempting = false;
  const scheduleReconnect = () => {
    if (closed || attempting) return;
    attempting = true;
    const delay = Math.min(options.maxBackoffMs ?? 2_000, 250 * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    attempting = true;
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'broodspace-realtime', ...pgTimeoutOptions(options.timeouts) });
    next.on('notification', handle);
    // Only the listening connection's loss starts a new attempt; a failed attempt retries below.
    const lost = (error?: Error) => {
      if (client !== next) return;
      if (error) options.log.warn({ err: error }, 'realtime LISTEN connection failed; reconnecting');
      client = null;
      options.onLost?.();
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${GAME_EVENTS_CHANNEL}; LISTEN ${ACCOUNT_CHANGES_CHANNEL}; LISTEN ${QUEUE_CHANGES_CHANNEL}`);
    } catch (error) {
      options.log.warn({ err: error }, 'realtime LISTEN could not connect; retrying');
      next.end().catch(() => undefined);
      attempting = false;
      scheduleReconnect();
      return;
    }
    attempting = false;
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    markReady();
    options.onListening?.();
  };

  void connect();

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (!current) return;
      options.onLost?.();
      await current.end().catch(() => undefined);
    },
  };
}
