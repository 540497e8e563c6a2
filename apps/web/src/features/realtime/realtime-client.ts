import { STABLE_CONNECTION_MS, reconnectDelayMs } from './reconnect';

/** The /ws protocol (apps/api/src/realtime/hub.ts): the server's text frame PING is answered with PONG. */
export const PING = 'PING';
export const PONG = 'PONG';

/** WebSocket readyState values (named here so stand-ins in tests need not define the statics). */
const CONNECTING = 0;
const OPEN = 1;

export interface RealtimeMessage {
  event: string;
  data: unknown;
}

/** The browser's WebSocket, or a stand-in in tests. */
export type SocketFactory = (url: string) => WebSocket;

export interface RealtimeClientOptions {
  url: string;
  onMessage: (message: RealtimeMessage) => void;
  /** Every successful open (the first and each reconnect). */
  onOpen?: () => void;
  /** The attempts are used up. */
  onGiveUp?: () => void;
  createSocket?: SocketFactory;
}

export type RealtimeStatus = 'connecting' | 'open' | 'waiting' | 'given-up' | 'stopped';

function parseMessage(raw: unknown): RealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as { event?: unknown }).event === 'string') {
      return { event: (value as { event: string }).event, data: (value as { data?: unknown }).data ?? null };
    }
  } catch {
    // not JSON: reported below
  }
  return null;
}

/**
 * One real-time connection with the spec's retry rule: after a close the client did not ask for, it
 * waits 2^n seconds (at most 30) and tries again, 8 times, then gives up. The count starts again only
 * once a connection has stayed open for STABLE_CONNECTION_MS, so a socket that opens and drops at once
 * still runs out of attempts. `stop()` closes cleanly (code 1000) and never retries.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private state: RealtimeStatus = 'stopped';

  constructor(private readonly options: RealtimeClientOptions) {}

  get status(): RealtimeStatus {
    return this.state;
  }

  start(): void {
    if (this.state !== 'stopped' && this.state !== 'given-up') return;
    this.attempt = 0;
    this.open();
  }

  stop(): void {
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.clearStableTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket && (socket.readyState === OPEN || socket.readyState === CONNECTING)) socket.close(1000, 'Logged out');
  }

  private open(): void {
    this.state = 'connecting';
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'open';
      this.stableTimer = setTimeout(() => {
        this.stableTimer = null;
        this.attempt = 0;
      }, STABLE_CONNECTION_MS);
      this.options.onOpen?.();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      if (event.data === PING) {
        socket.send(PONG);
        return;
      }
      const message = parseMessage(event.data);
      if (message) this.options.onMessage(message);
      else console.warn('Real-time: ignored a message that is not {event, data}', event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return; // a socket we replaced or stopped
      this.socket = null;
      this.clearStableTimer();
      if (event.code === 1000) {
        this.state = 'stopped';
        return;
      }
      this.scheduleReconnect();
    };
  }

  private clearStableTimer(): void {
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.stableTimer = null;
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelayMs(this.attempt);
    if (delay === null) {
      this.state = 'given-up';
      this.options.onGiveUp?.();
      return;
    }
    this.attempt += 1;
    this.state = 'waiting';
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}

/** /ws on the page's own host; wss when the page is https. */
export function realtimeUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`;
}
