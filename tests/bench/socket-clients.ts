/**
 * One process of socket holders for tests/bench/sockets.ts, started with IPC: it is sent
 * `{ url, tokens }`, opens one /ws socket per token (250 at a time: four clients at once stay within the api's listen backlog), answers pings, notes when each
 * event (numbered by its `count`) arrives, and reports `{ opened, failed }` once open (failed: the indexes of the tokens whose socket did not open) and
 * `{ received: [count, at][], pushes: number[] }` when asked with `'report'` (pushes, since the last report: for a game's own event that
 * carries its notification's `created_at`, the ms from then to its arrival: push latency from the commit,
 * as tests/bench/universe measures it). Several of these hold the sockets, so
 * that no client process reaches its own open-file limit before the api does, and so that a busy
 * client's event loop does not pass for push latency.
 */
import WebSocket from 'ws';

const sockets: WebSocket[] = [];
const received: [number, number][] = [];
const pushes: number[] = [];
const send = (message: unknown) => process.send!(message);

process.on('message', (message: { url: string; tokens: string[] } | 'report' | 'close') => {
  if (message === 'report') return send({ received, pushes: pushes.splice(0) });
  if (message === 'close') {
    for (const ws of sockets) ws.terminate();
    return process.exit(0);
  }
  void open(message.url, message.tokens);
});

async function open(url: string, tokens: string[]): Promise<void> {
  const failed: number[] = [];
  const one = (token: string, index: number) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`${url}/ws?token=${token}`);
      ws.on('message', (raw) => {
        const text = String(raw);
        if (text === 'PING') return void ws.send('PONG');
        const at = Date.now();
        const data = (JSON.parse(text) as { data: { count?: number; created_at?: string; notification?: { created_at: string } } }).data;
        if (data.count !== undefined) received.push([data.count, at]);
        const created = data.notification?.created_at ?? data.created_at;
        if (created) pushes.push(at - Date.parse(created));
      });
      ws.once('open', () => {
        sockets.push(ws);
        resolve();
      });
      ws.once('error', () => {
        failed.push(index);
        resolve();
      });
    });
  for (let i = 0; i < tokens.length; i += 250) await Promise.all(tokens.slice(i, i + 250).map((token, k) => one(token, i + k)));
  send({ opened: sockets.length, failed });
}
