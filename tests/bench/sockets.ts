/**
 * Sockets held by one api process (`npm run bench:load`): one /ws socket per account, held by a few
 * client processes (tests/bench/socket-clients.ts); then events committed in batches of 100 (as the
 * worker's batches commit them, through publishEvents in a transaction) at 1,000 a second for 10 s to
 * random holders, and the latency from each batch's COMMIT to the frame arriving on its socket.
 * Goal (issue #17): 50,000 sockets, p99 under 200 ms. A process may open only as many files as
 * RLIMIT_NOFILE allows: the api is asked for as many sockets as its limit leaves room for (its
 * `process_max_fds` less its `process_open_fds`, less a margin), and the reason is printed.
 * Prints figures; exits 1 when a goal is missed.
 *
 *   npx tsx tests/bench/sockets.ts [--sockets 50000] [--rate 1000] [--seconds 10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createOrm, publishEvents, type GameEventPayload } from '@brood/world';
import { loadAverage, percentile, startLoadStack } from './load-stack';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WANTED = arg('sockets', 50_000);
const RATE = arg('rate', 1000);
const SECONDS = arg('seconds', 10);
const BATCH = 100;
const GOAL_SOCKETS = 50_000;
const GOAL_P99_MS = 200;
/** Sockets a client process holds at most (each client is one process, under its own file limit). */
const PER_CLIENT = 5_000;
/** Files the api keeps for itself beyond what it had open at rest (pools, logs, sockets closing). */
const MARGIN = 100;

const metric = async (base: string, name: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
};

type ClientMessage = { opened: number; failed: number[] } | { received: [number, number][] };
const nextMessage = <T extends ClientMessage>(child: ChildProcess, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: ClientMessage) => {
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
  });

const load = await startLoadStack({ UNIVERSE_OVERRIDES: '{"api_limits": {"sockets_per_player": 50}}' });
const clients: ChildProcess[] = [];
let missed = false;
try {
  const base = load.stack.baseUrl.replace('localhost', '127.0.0.1');
  const room = (await metric(base, 'process_max_fds')) - (await metric(base, 'process_open_fds')) - MARGIN;
  const SOCKETS = Math.min(WANTED, room);
  if (SOCKETS < WANTED) {
    console.log(
      `asking for ${SOCKETS} sockets, not ${WANTED}: the api process may open ${await metric(base, 'process_max_fds')} files (RLIMIT_NOFILE; raising it is not permitted here) and has ${await metric(base, 'process_open_fds')} open at rest`,
    );
  }
  const accounts = await load.accounts(SOCKETS);
  const before = await metric(base, 'process_resident_memory_bytes');
  const started = performance.now();
  for (let i = 0; i < accounts.length; i += PER_CLIENT) {
    clients.push(fork(join(import.meta.dirname, 'socket-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }
  const openedAll = await Promise.all(
    clients.map((child, k) => {
      const done = nextMessage<{ opened: number; failed: number[] }>(child, 'opened');
      child.send({ url: base.replace('http', 'ws'), tokens: accounts.slice(k * PER_CLIENT, (k + 1) * PER_CLIENT).map((a) => a.token) });
      return done;
    }),
  );
  const opened = openedAll.reduce((n, c) => n + c.opened, 0);
  const failed = openedAll.reduce((n, c) => n + c.failed.length, 0);
  const openSeconds = (performance.now() - started) / 1000;
  const after = await metric(base, 'process_resident_memory_bytes');
  const held = await metric(base, 'ws_sockets_open');
  console.log(
    `${held} sockets open on one api process (${opened} opened by ${clients.length} client processes in ${openSeconds.toFixed(1)} s, ${failed} refused or failed; ` +
      `the api has ${await metric(base, 'process_open_fds')} of its ${await metric(base, 'process_max_fds')} files open); api resident memory ${(before / 2 ** 20).toFixed(0)} MB -> ${(after / 2 ** 20).toFixed(0)} MB, ` +
      `${Math.round((after - before) / Math.max(1, opened) / 1024)} KB a socket (50,000 would take about ${Math.round((before + ((after - before) / Math.max(1, opened)) * 50_000) / 2 ** 20)} MB); ${loadAverage()}`,
  );
  // Only accounts whose socket opened are addressed.
  const holders = clients.flatMap((_, k) => accounts.slice(k * PER_CLIENT, (k + 1) * PER_CLIENT).filter((_a, i) => !openedAll[k]!.failed.includes(i)));
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
      const to = holders[Math.floor(Math.random() * holders.length)]!;
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
  const received = new Map<number, number>();
  for (const child of clients) {
    const report = nextMessage<{ received: [number, number][] }>(child, 'received');
    child.send('report');
    for (const [n, at] of (await report).received) received.set(n, at);
  }
  const lags = [...committed].filter(([n]) => received.has(n)).map(([n, at]) => received.get(n)! - at).sort((a, b) => a - b);
  const p99 = percentile(lags, 99);
  console.log(
    `push latency from COMMIT to socket, ${seq} events at ${RATE} a second over ${held} sockets: ${lags.length} arrived, p50 ${percentile(lags, 50)} ms, ` +
      `p99 ${p99} ms, max ${lags.at(-1)} ms (goal: ${GOAL_SOCKETS.toLocaleString('en')} sockets, p99 under ${GOAL_P99_MS} ms); ${loadAverage()}`,
  );
  missed = held < GOAL_SOCKETS || !(p99 < GOAL_P99_MS) || lags.length < seq;
} finally {
  for (const child of clients) child.send('close');
  await load.stop();
}
process.exit(missed ? 1 : 0);
