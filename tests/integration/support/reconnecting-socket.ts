import WebSocket from 'ws';

/**
 * A client of /ws that behaves like the web app: when its socket closes it opens a new one (every
 * 250 ms until one opens), answers PING with PONG, and keeps every event with the time it arrived.
 */
export interface ReconnectingSocket {
  events: { at: number; event: string }[];
  reconnects: number;
  isOpen(): boolean;
  stop(): void;
}

export function reconnectingSocket(baseUrl: string, token: string): Promise<ReconnectingSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;
  let current: WebSocket | null = null;
  let stopped = false;
  const client: ReconnectingSocket = {
    events: [],
    reconnects: 0,
    isOpen: () => current?.readyState === WebSocket.OPEN,
    stop() {
      stopped = true;
      current?.close(1000);
    },
  };
  return new Promise((resolve, reject) => {
    let first = true;
    const open = () => {
      const ws = new WebSocket(url);
      current = ws;
      ws.on('message', (raw) => {
        const text = String(raw);
        if (text === 'PING') ws.send('PONG');
        else client.events.push({ at: Date.now(), event: (JSON.parse(text) as { event: string }).event });
      });
      ws.once('open', () => {
        if (first) resolve(client);
        else client.reconnects += 1;
        first = false;
      });
      ws.once('error', (error) => {
        if (first) reject(error);
      });
      ws.once('close', () => {
        if (!stopped && !first) setTimeout(open, 250);
      });
    };
    open();
  });
}
