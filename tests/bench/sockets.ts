/**
 * Sockets held by one api process (`npm run bench:load`): one /ws socket per account, opened from
 * this process; then events committed in batches of 100 (as the worker's batches commit them,
 * through publishEvents in a transaction) at 1,000 a second for 10 s to random holders, and the
 * latency from each batch's COMMIT to the frame arriving on its socket. Goal (issue #17): 50,000
 * sockets, p99 under 200 ms. A process may open only as many files as RLIMIT_NOFILE allows: past
 * it the count is capped and the reason printed. Prints figures; asserts nothing.
 *
 *   npx tsx tests/bench/sockets.ts [--sockets 50000] [--rate 1000] [--seconds 10]
 */
import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';
import { createOrm, publishEvents, type GameEventPayload } from '@brood/world';
import { percentile, startLoadStack } from './load-stack';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WANTED = arg('sockets', 50_000);
const RATE = arg('rate', 1000);
const SECONDS = arg('seconds', 10);
const BATCH = 100;

// Each socket is a file in the api and one here: both processes live under this limit.
const fileLimit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
const SOCKETS = Math.min(WANTED, fileLimit - 2_000);
if (SOCKETS < WANTED) {
  console.log(`holding ${SOCKETS} sockets, not ${WANTED}: this machine lets a process open ${fileLimit} files (ulimit -n; raising it is not permitted here), and the api and this client each need one per socket`);
}

const resident = async (base: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\S+)/m.exec(text)?.[1] ?? NaN);
};

const load = await startLoadStack({ UNIVERSE_OVERRIDES: '{"api_limits": {"sockets_per_player": 50}}' });
const sockets: WebSocket[] = [];
try {
  const accounts = await load.accounts(SOCKETS);
  const base = load.stack.baseUrl.replace('localhost', '127.0.0.1');
  const before = await resident(base);
  const received = new Map<number, number>();
  let opened = 0;
  let failed = 0;
  const started = performance.now();
  const open = (token: string) =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
      ws.on('message', (raw) => {
        const text = String(raw);
        if (text === 'PING') return void ws.send('PONG');
        const { data } = JSON.parse(text) as { data: { count: number } };
        received.set(data.count, Date.now());
      });
      ws.once('open', () => {
        opened += 1;
        sockets.push(ws);
        resolve();
      });
      ws.once('error', () => {
        failed += 1;
        resolve();
      });
    });
  for (let i = 0; i < accounts.length; i += 500) await Promise.all(accounts.slice(i, i + 500).map((a) => open(a.token)));
  const openSeconds = (performance.now() - started) / 1000;
  const after = await resident(base);
  console.log(
    `${opened} sockets open on one api process in ${openSeconds.toFixed(1)} s (${failed} refused or failed); api resident memory ${(before / 2 ** 20).toFixed(0)} MB -> ${(after / 2 ** 20).toFixed(0)} MB, ` +
      `${Math.round((after - before) / Math.max(1, opened) / 1024)} KB a socket (50,000 would take about ${Math.round((before + ((after - before) / Math.max(1, opened)) * 50_000) / 2 ** 20)} MB)`,
  );

  // Events: batches of 100 to random holders, committed at RATE a second; each carries its number.
  const orm = await createOrm(load.stack.databaseUrl, { poolMax: 2 });
  const committed = new Map<number, number>();
  let seq = 0;
  const batches = (RATE * SECONDS) / BATCH;
  const t0 = Date.now();
  for (let b = 0; b < batches; b += 1) {
    const wait = t0 + (b * BATCH * 1000) / RATE - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const events: GameEventPayload[] = [];
    for (let i = 0; i < BATCH; i += 1) {
      seq += 1;
      const to = accounts[Math.floor(Math.random() * opened)]!;
      events.push({ user_id: to.id, event: 'NOTIFICATION_UPDATED', data: { all_read: true, count: seq } } as GameEventPayload);
    }
    await orm.em.fork().transactional(async (tem) => {
      await publishEvents(tem, events);
      const at = Date.now(); // the COMMIT goes out next
      for (const e of events) committed.set((e.data as { count: number }).count, at);
    });
  }
  await new Promise((r) => setTimeout(r, 3_000));
  await orm.close(true);
  const lags = [...committed].filter(([n]) => received.has(n)).map(([n, at]) => received.get(n)! - at).sort((a, b) => a - b);
  console.log(
    `push latency from COMMIT to socket, ${seq} events at ${RATE} a second over ${opened} sockets: ${lags.length} arrived, p50 ${percentile(lags, 50)} ms, ` +
      `p99 ${percentile(lags, 99)} ms, max ${lags.at(-1)} ms (goal: 50,000 sockets, p99 under 200 ms)`,
  );
} finally {
  for (const ws of sockets) ws.terminate();
  await load.stop();
}
