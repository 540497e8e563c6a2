import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, realtimeUrl } from './realtime-client';
import { MAX_RECONNECT_ATTEMPTS, STABLE_CONNECTION_MS, reconnectDelayMs } from './reconnect';

/** A stand-in for the browser's WebSocket that the test opens, closes and talks through. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; wasClean: boolean }) => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.({ code, wasClean: true });
  }
  /** What the server does. */
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(data: string) {
    this.onmessage?.({ data });
  }
  connectionDrops() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, wasClean: false });
  }
}

let sockets: FakeSocket[];
let events: { event: string; data: unknown }[];
let opened: number;
let gaveUp: number;

function client() {
  return new RealtimeClient({
    url: 'ws://game/ws?token=t',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    onMessage: (m) => events.push(m),
    onOpen: () => (opened += 1),
    onGiveUp: () => (gaveUp += 1),
  });
}

const last = () => sockets[sockets.length - 1] as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  events = [];
  opened = 0;
  gaveUp = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 30 s, for 8 attempts, then there is none', () => {
    expect(Array.from({ length: MAX_RECONNECT_ATTEMPTS }, (_, n) => reconnectDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(reconnectDelayMs(8)).toBeNull();
    expect(reconnectDelayMs(-1)).toBeNull();
  });
});

describe('RealtimeClient', () => {
  it('answers PING with PONG and hands {event, data} messages on', () => {
    const c = client();
    c.start();
    last().serverOpens();
    expect(opened).toBe(1);
    last().serverSends('PING');
    expect(last().sent).toEqual(['PONG']);
    last().serverSends(JSON.stringify({ event: 'NEW_NOTIFICATION_RECEIVED', data: { id: 'a' } }));
    expect(events).toEqual([{ event: 'NEW_NOTIFICATION_RECEIVED', data: { id: 'a' } }]);
  });

  it('ignores a frame that is not {event, data}, with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const c = client();
    c.start();
    last().serverOpens();
    last().serverSends('not json');
    last().serverSends(JSON.stringify({ data: 1 }));
    expect(events).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('after an unclean close retries at 1, 2, 4, 8, 16, 30, 30, 30 s, then gives up once', () => {
    const c = client();
    c.start();
    last().connectionDrops();
    const waits = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000];
    for (const [i, wait] of waits.entries()) {
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(wait - 1);
      expect(sockets, `attempt ${i + 1} not before ${wait} ms`).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets, `attempt ${i + 1} after ${wait} ms`).toHaveLength(i + 2);
      last().connectionDrops();
    }
    expect(gaveUp).toBe(1);
    expect(c.status).toBe('given-up');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(9);
  });

  it('starts counting again once a reconnect has stayed up for 10 s', () => {
    const c = client();
    c.start();
    last().connectionDrops();
    vi.advanceTimersByTime(1000);
    last().connectionDrops();
    vi.advanceTimersByTime(2000);
    last().serverOpens();
    vi.advanceTimersByTime(STABLE_CONNECTION_MS);
    last().connectionDrops();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('a socket that opens and drops at once keeps counting, so the 8 attempts run out and it gives up', () => {
    const c = client();
    c.start();
    last().serverOpens();
    last().connectionDrops();
    const waits = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000];
    for (const wait of waits) {
      vi.advanceTimersByTime(wait);
      last().serverOpens();
      vi.advanceTimersByTime(STABLE_CONNECTION_MS - 1);
      last().connectionDrops();
    }
    expect(gaveUp).toBe(1);
    expect(c.status).toBe('given-up');
    expect(sockets).toHaveLength(9);
  });

  it('closes cleanly on stop (logout) and never retries', () => {
    const c = client();
    c.start();
    last().serverOpens();
    c.stop();
    expect(last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(c.status).toBe('stopped');
  });

  it('stop while waiting to reconnect cancels the attempt', () => {
    const c = client();
    c.start();
    last().connectionDrops();
    c.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('a normal close from the server (1000) is not retried', () => {
    const c = client();
    c.start();
    last().serverOpens();
    last().onclose?.({ code: 1000, wasClean: true });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('realtimeUrl', () => {
  it('uses wss on https pages and puts the token in the query', () => {
    expect(realtimeUrl('a b', { protocol: 'https:', host: 'game.example:8443' })).toBe('wss://game.example:8443/ws?token=a%20b');
    expect(realtimeUrl('t', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws?token=t');
  });
});
