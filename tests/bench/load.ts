/**
 * HTTP load on the running stack (`npm run bench:load`): autocannon drives one api process on
 * loopback with a mix of player reads and writes from 1,000 registered players, each request as a
 * random player. Goal (issue #17): 1,000 requests a second at p99 under 50 ms on the 2-core machine.
 * Prints figures; exits 1 when the goal is missed at any number of connections.
 *
 *   npx tsx tests/bench/load.ts [--players 1000] [--seconds 15] [--connections 10,50] [--each: each request alone first]
 */
import autocannon from 'autocannon';
import { loadAverage, startLoadStack } from './load-stack';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const PLAYERS = Number(arg('players', '1000'));
const SECONDS = Number(arg('seconds', '15'));
const CONNECTIONS = arg('connections', '10,50').split(',').map(Number);

/** CPU seconds the api process has used (prom-client's default metric on /metrics). */
async function apiCpuSeconds(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^process_cpu_seconds_total (\S+)/m.exec(text)?.[1] ?? NaN);
}

type Player = { id: number; token: string; territory: number };

/** The mix, by weight: what a player's screens ask for, and the light writes they make. */
const PROFILE: [weight: number, name: string, make: (p: Player, n: number) => { method: 'GET' | 'PUT'; path: string; body?: string }][] = [
  [25, 'GET /users/me', () => ({ method: 'GET', path: '/api/v1/users/me' })],
  [25, 'GET /territories/:id', (p) => ({ method: 'GET', path: `/api/v1/territories/${p.territory}` })],
  [15, 'GET /territories', () => ({ method: 'GET', path: '/api/v1/territories' })],
  [10, 'GET /notifications/unread-count', () => ({ method: 'GET', path: '/api/v1/notifications/unread-count' })],
  [10, 'GET /highscores', (_p, n) => ({ method: 'GET', path: `/api/v1/highscores?skip=${(n % 40) * 25}&limit=25` })],
  [8, 'PUT /territories/:id/name', (p, n) => ({ method: 'PUT', path: `/api/v1/territories/${p.territory}/name`, body: JSON.stringify({ name: `Hive ${n % 1000}` }) })],
  [7, 'PUT /users/me/avatar', (_p, n) => ({ method: 'PUT', path: '/api/v1/users/me/avatar', body: JSON.stringify({ avatar_id: 1 + (n % 20) }) })],
];
const TOTAL_WEIGHT = PROFILE.reduce((n, [w]) => n + w, 0);

function pick(n: number) {
  let r = (n * 7919) % TOTAL_WEIGHT;
  for (const entry of PROFILE) {
    if (r < entry[0]) return entry;
    r -= entry[0];
  }
  return PROFILE[0]!;
}

const GOAL_RPS = 1000;
const GOAL_P99_MS = 50;

const load = await startLoadStack();
let missed = false;
try {
  const players = await load.players(PLAYERS);
  console.log(`stack up at ${load.stack.baseUrl}; ${players.length} players registered`);
  let n = 0;
  const run = (connections: number, seconds: number, only?: (typeof PROFILE)[number]) =>
    autocannon({
      url: load.stack.baseUrl,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (req) => {
            n += 1;
            const player = players[Math.floor(Math.random() * players.length)]!;
            const [, , make] = only ?? pick(n);
            const { method, path, body } = make(player, n);
            return { ...req, method, path, body, headers: { authorization: `Bearer ${player.token}`, ...(body ? { 'content-type': 'application/json' } : {}) } };
          },
        },
      ],
    });
  // Warm-up: every player signs in first (one call each, as a session starts: the api then knows its
  // token and account), then 3 s of the mix for the JIT, the pools and the caches.
  let signedIn = 0;
  await autocannon({
    url: load.stack.baseUrl,
    connections: 10,
    amount: players.length,
    requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: '/api/v1/users/me', headers: { authorization: `Bearer ${players[signedIn++ % players.length]!.token}` } }) }],
  });
  await run(10, 3);
  const mix = PROFILE.map(([w, name]) => `${name} ${Math.round((100 * w) / TOTAL_WEIGHT)}%`).join(', ');
  console.log(`mix: ${mix}`);
  if (process.argv.includes('--each')) {
    for (const entry of PROFILE) {
      const r = await run(10, 4, entry);
      console.log(`  ${entry[1]} alone, 10 connections: ${Math.round(r.requests.average)} a second, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} not 2xx; ${loadAverage()}`);
    }
  }
  for (const connections of CONNECTIONS) {
    const cpuBefore = await apiCpuSeconds(load.stack.baseUrl);
    const r = await run(connections, SECONDS);
    const cpuMs = ((await apiCpuSeconds(load.stack.baseUrl)) - cpuBefore) * 1000 / Math.max(1, r.requests.total);
    console.log(
      `${connections} connections, ${SECONDS} s: ${Math.round(r.requests.average)} requests a second, latency p50 ${r.latency.p50} ms, ` +
        `p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${r['2xx']} 2xx, ${r.non2xx} other, ${r.errors} errors, ${r.timeouts} timeouts (goal ${GOAL_RPS.toLocaleString('en')} a second at p99 under ${GOAL_P99_MS} ms); ` +
        `the api process spent ${cpuMs.toFixed(2)} ms of CPU a request (a core of its own would serve about ${Math.round(1000 / cpuMs)} a second); ${loadAverage()}`,
    );
    if (!(r.requests.average >= GOAL_RPS && r.latency.p99 < GOAL_P99_MS && r.non2xx === 0 && r.errors === 0)) missed = true;
  }
} finally {
  await load.stop();
}
process.exit(missed ? 1 : 0);
