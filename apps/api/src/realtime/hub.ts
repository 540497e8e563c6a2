import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { GameEventName } from '@brood/contracts';
import { databaseTimeouts, refillKeptReads } from '@brood/world';
import type { ApiDeps } from '../deps';
import { listenForGameEvents } from './listener';
import { SocketRegistry } from './sockets';
import { metricsOf } from '../http/metrics';

/**
 * The /ws protocol. The server sends the text frame `PING` every interval; the client answers the
 * text frame `PONG` (any frame from the client counts as a sign of life). A socket silent for two
 * intervals is dropped (at its next turn, within one more interval). Every other server frame is JSON `{event, data}`.
 */
export const PING = 'PING';
export const PONG = 'PONG';
export const WS_PATH = '/ws';
/** The event that ends a player's sockets, and the close code they get (4000-4999: the application's own). */
const SUSPENDED_EVENT: GameEventName = 'ACCOUNT_SUSPENDED';
export const SUSPENDED_CLOSE_CODE = 4003;

export interface RealtimeOptions {
  pingIntervalMs?: number;
}

export interface Realtime {
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };

/**
 * A browser always names the page's origin: it must be this server's own host (or one listed in
 * WS_ALLOWED_ORIGINS), so another site cannot open a socket with a player's token. Tools send none.
 */
export function originAllowed(req: IncomingMessage, allowed: readonly string[], trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const host = (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : undefined) ?? req.headers.host;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Refuses an upgrade with a plain HTTP answer (the browser sees a failed connection; tools see the reason). */
function refuse(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ detail: reason });
  const statusText = STATUS_TEXT[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves /ws?token=... on the app's HTTP server and forwards each `game_events` NOTIFY (raised by any
 * api or worker process after its commit) to the sockets of the user it names, on this process.
 */
export async function attachRealtime(app: FastifyInstance, deps: ApiDeps, options: RealtimeOptions = {}): Promise<Realtime> {
  const interval = options.pingIntervalMs ?? 25_000;
  // Ticks of a fifth of the interval (at most a second); each socket's turn comes once an interval.
  const tickMs = Math.min(1_000, interval / 5);
  const sockets = new SocketRegistry(interval / tickMs);
  const maxSockets = deps.catalogue.universe.api_limits.sockets_per_player;
  const metrics = metricsOf(app);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  const authenticate = async (req: IncomingMessage): Promise<{ userId: number } | { error: string }> => {
    const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
    if (!token) return { error: 'Not authenticated' };
    const verified = await deps.tokens.verify(token);
    if ('error' in verified) return verified;
    // The same session rule as every call: a removed account or an expired guest is refused too.
    const session = await deps.sessions.find(deps.orm.em, verified.user.id, new Date());
    return 'error' in session ? session : { userId: session.id };
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== WS_PATH) return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req, deps.env.WS_ALLOWED_ORIGINS, deps.env.TRUST_PROXY)) return refuse(socket, 403, 'This origin may not open a socket.');
    socket.on('error', () => socket.destroy());
    authenticate(req).then(
      (result) => {
        if ('error' in result) return refuse(socket, 401, result.error);
        if (sockets.count(result.userId) >= maxSockets) return refuse(socket, 429, `At most ${maxSockets} open sockets per player.`);
        wss.handleUpgrade(req, socket, head, (ws) => accept(ws, result.userId));
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime authentication failed');
        socket.destroy();
      },
    );
  };

  const accept = (ws: WebSocket, userId: number) => {
    sockets.add(userId, ws, Date.now());
    metrics?.socketsOpen.inc();
    ws.on('message', () => sockets.touch(ws, Date.now()));
    ws.once('close', () => {
      sockets.remove(userId, ws);
      metrics?.socketsOpen.dec();
    });
    ws.on('error', () => sockets.remove(userId, ws));
  };

  app.server.on('upgrade', onUpgrade);

  // After a lost LISTEN (a database restart), what was kept is read again in a few statements, not by every player's next poll.
  const refillKept = async () => {
    const started = performance.now();
    const em = deps.orm.em.fork();
    try {
      const accounts = await deps.sessions.refill(em);
      const reads = await refillKeptReads({ em, catalogue: deps.catalogue }, deps.kept);
      if (accounts > 0 || reads) app.log.info({ accounts, reads: reads?.kept ?? 0, readsRead: reads?.read ?? 0, ms: Math.round(performance.now() - started) }, 'kept accounts and reads refilled after LISTEN came back');
    } catch (error) {
      app.log.warn({ err: error }, 'refilling the kept accounts and reads failed; the next calls read them one by one');
    }
  };

  const listener = listenForGameEvents({
    connectionString: deps.env.DATABASE_LISTEN_URL ?? deps.env.DATABASE_URL,
    timeouts: databaseTimeouts(deps.env),
    log: app.log,
    onEvent: ({ user_id, event, data }) => {
      const text = JSON.stringify({ event, data });
      metrics?.eventsPushed.inc(user_id === null ? sockets.sendToAll(text) : sockets.sendToUser(user_id, text));
      // A suspended player's page hears why, then their sockets close on every api (each one LISTENs).
      if (event === SUSPENDED_EVENT && user_id !== null) sockets.closeUser(user_id, SUSPENDED_CLOSE_CODE, 'Account suspended');
    },
    // The accounts kept between calls and the queues and fleet lists kept between reads are kept only while their changes are heard here.
    onAccountChanged: (userId) => (userId === null ? deps.sessions.forgetAll() : deps.sessions.forget(userId)),
    onQueueChanged: (payload) => deps.kept.forget(payload),
    onListening: () => {
      deps.sessions.setLive(true);
      deps.kept.setLive(true);
      void refillKept();
    },
    onLost: () => {
      deps.sessions.setLive(false);
      deps.kept.setLive(false);
    },
  });

  const heartbeat = setInterval(() => sockets.sweep(Date.now(), 2 * interval, PING), tickMs);
  heartbeat.unref();

  // Wait for LISTEN so that an event committed after start-up is not missed; do not hang start-up on a slow database.
  await Promise.race([listener.ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);

  return {
    async close() {
      clearInterval(heartbeat);
      app.server.off('upgrade', onUpgrade);
      sockets.closeAll(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listener.close();
    },
  };
}
