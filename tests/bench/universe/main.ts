/**
 * `npm run bench:universe`: the whole universe under a seeded model of its players (issue #30).
 * Seeds M registered players straight into the database, then ramps the number online in steps;
 * per step it prints requests a second and p50/p99 by kind (page reads, commands), arrivals and
 * battles a second, the worker's lag from due time (p99), push latency from commit (p99), answers by
 * status and the api's and the database's CPU; then checks the world (world-check.ts). Its last line
 * names the largest step that held the bounds (metrics.ts BOUNDS). Exits 1 when no step held, the
 * single step of --online missed them, chaos missed its goals, or the world check failed.
 * `--call-sets` measures each call set of the model alone instead of the steps (./call-sets.ts): the
 * api's CPU a request of each screen and poll, with the players of the largest step.
 *
 *   npm run bench:universe -- [--steps 200,500,1000] [--online N] [--minutes 1] [--players M (5 x the largest step)]
 *     [--seed 1] [--speed 1000] [--connections 64] [--api-processes 1] [--chaos] [--statements] [--profile DIR] [--call-sets [--split MAP,EMPIRE]]
 *     [--base URL --database-url URL --jwt-secret S [--worker-pid PID] [--pg-restart 'command']]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadCatalogue } from '@brood/game-data';
import { freePort } from '@brood/world/testing';
import { startStack, type Stack } from '../../../scripts/lib/stack';
import { loadAverage } from '../load-stack';
import { inspectorUrl } from './allocations';
import { runStepAndReport, type Target } from './report';
import { onlinePlayers, type Page } from './model';
import { Client } from './http';
import { seedUniverse, tokensFor } from './seed';
import { SocketHolders } from './sockets';
import { checkWorld, installArrivalLog, ledger, removeArrivalLog } from './world-check';
import { finalLine, percentile, Recorder, type StepFigures } from './metrics';
import { playStep, signIn } from './step';
import { countStatements, printStatements, resetStatements } from './statements';
import { CALL_SETS, measureCallSets, measureCommands, printCallSets } from './call-sets';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const single = arg('online');
const STEPS = single ? [Number(single)] : (arg('steps') ?? '200,500,1000,2000').split(',').map(Number);
const MINUTES = Number(arg('minutes') ?? '1');
const PLAYERS = Number(arg('players') ?? String(5 * Math.max(...STEPS)));
const SEED = Number(arg('seed') ?? '1');
// At 1,000 a fleet between neighbours flies about 5 s each way: arrivals and battles happen within a step.
const SPEED = Number(arg('speed') ?? '1000');
const CONNECTIONS = Number(arg('connections') ?? '64');
const CHAOS = process.argv.includes('--chaos');
/** Print the statements the database spent its time on (pg_stat_statements; a stack the bench starts). */
const STATEMENTS = process.argv.includes('--statements');
/** Write CPU profiles of the api and the sim-worker into DIR (node --cpu-prof, on exit). */
const PROFILE = arg('profile');
/** Print what the api allocated in each step, and where (./allocations.ts; a stack the bench starts). */
const ALLOCATIONS = process.argv.includes('--allocations');
const BASE = arg('base');
/** The api as this many processes on its port (API_PROCESSES, apps/api/src/cluster.ts; a stack the bench starts). */
const API_PROCESSES = Number(arg('api-processes') ?? '1');
if (!Number.isInteger(API_PROCESSES) || API_PROCESSES < 1) throw new Error(`--api-processes takes a whole number of processes, 1 or more, not ${arg('api-processes')}.`);
/** What each call set costs the api alone, instead of the steps (a stack the bench starts: its api's CPU is read from /proc). */
const CALL_SETS_ONLY = process.argv.includes('--call-sets');
/** With --call-sets: these sets' calls measured one by one (`--split MAP,EMPIRE`). */
const SPLIT = (arg('split') ?? '').split(',').filter(Boolean) as Page[];
const unknownSets = SPLIT.filter((page) => !CALL_SETS.includes(page));
if (unknownSets.length > 0) throw new Error(`--split takes call sets (${CALL_SETS.join(', ')}), not ${unknownSets.join(', ')}.`);

const catalogue = loadCatalogue();
const unitKeys = Object.keys(catalogue.units);
const spyUnit = unitKeys.find((k) => catalogue.units[k]!.capabilities.includes('SPY'))!;

let stack: Stack | null = null;
let dataDir: string | null = null;
let target: Target;
if (BASE) {
  const databaseUrl = arg('database-url') ?? process.env.DATABASE_URL;
  const secret = arg('jwt-secret') ?? process.env.JWT_SECRET;
  if (!databaseUrl || !secret) throw new Error('--base needs the stack database (--database-url or DATABASE_URL) and its JWT_SECRET (--jwt-secret): players are written straight into it.');
  if (ALLOCATIONS || CALL_SETS_ONLY) throw new Error('--allocations and --call-sets measure an api the bench starts: leave out --base.');
  if (API_PROCESSES > 1) throw new Error('--api-processes sets the api the bench starts: with --base, start the api with API_PROCESSES yourself.');
  target = { baseUrl: BASE, databaseUrl, secret, workerPid: arg('worker-pid') ? Number(arg('worker-pid')) : null, pgRestart: arg('pg-restart') ?? null, stack: null, inspector: null };
} else {
  // Both read one api process: its inspector, its CPU from /proc.
  if (API_PROCESSES > 1 && (ALLOCATIONS || CALL_SETS_ONLY)) throw new Error('--allocations and --call-sets measure one api process: leave out --api-processes.');
  dataDir = mkdtempSync(join(tmpdir(), 'brood-universe-'));
  const secret = 'universe-bench-secret-0123456789abcdef';
  console.log(`starting the stack npm start runs (throw-away, universe speed ${SPEED}; logs in ${dataDir})...`);
  const nodeOptions = [PROFILE ? `--cpu-prof --cpu-prof-dir=${PROFILE}` : '', ALLOCATIONS ? '--inspect=127.0.0.1:0' : ''].filter(Boolean).join(' ');
  stack = await startStack({
    port: await freePort(),
    pgPort: await freePort(),
    dataDir,
    ephemeral: true,
    restart: true,
    say: (line) => console.log(`  [stack] ${line}`),
    output: dataDir,
    env: {
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
      UNIVERSE_OVERRIDES: JSON.stringify({ universe_speed_factor: SPEED }),
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...(API_PROCESSES > 1 ? { API_PROCESSES: String(API_PROCESSES) } : {}),
    },
  });
  const inspector = ALLOCATIONS ? inspectorUrl(readFileSync(join(dataDir, 'api.log'), 'utf8')) : null;
  if (ALLOCATIONS && !inspector) throw new Error(`--allocations: the api's log (${join(dataDir, 'api.log')}) names no inspector.`);
  target = { baseUrl: stack.baseUrl, databaseUrl: stack.databaseUrl, secret, workerPid: null, pgRestart: null, stack, inspector };
}

/** Before each step: the world played at the step's size, not counted, before its statistics are taken. */
const SETTLE_MS = 20_000;
/**
 * And after they are taken, not counted either: a new statistic makes every connection plan its kept
 * statements again, all at once after an analyze of every table, which autovacuum's analyzes (one
 * table at a time, as it changes) spread out. Measured at once, the step's first 10 s were its worst
 * in nearly every step.
 */
const AFTER_ANALYZE_MS = 10_000;

const sql = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
sql.on('error', () => undefined); // a --chaos restart cuts idle connections
let failed = false;
const held: { figures: StepFigures; lag: number }[] = [];
const sockets = new SocketHolders(target.baseUrl.replace('localhost', '127.0.0.1').replace(/^http/, 'ws'));
let client: Client | null = null;
let calledSets = false;
try {
  const t0 = performance.now();
  const universe = await seedUniverse(sql, PLAYERS, catalogue);
  console.log(`${PLAYERS.toLocaleString('en')} players seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${universe.alliances.size} alliances); ${loadAverage()}`);
  await installArrivalLog(sql);
  if (STATEMENTS && stack?.embedded) await countStatements(sql, stack.embedded);
  const largest = onlinePlayers(SEED, PLAYERS, Math.max(...STEPS));
  const tokens = await tokensFor(target.secret, largest.map((i) => universe.players[i]!));
  client = await Client.open(target.baseUrl.replace('localhost', '127.0.0.1'), CONNECTIONS);
  const start = await ledger(sql, unitKeys, spyUnit);
  // A warm-up, not counted: a freshly started api compiles its hot paths and fills its caches first.
  const warm = largest.slice(0, Math.min(50, largest.length));
  await sockets.open(warm.map((i) => tokens.get(i)!));
  await signIn(client, universe, tokens, warm);
  await playStep({ client, sql, universe, tokens, online: warm, durationMs: 15_000, seed: SEED * 1000 - 1 }, new Recorder());
  console.log(`warm-up: 15 s of ${warm.length} players (not counted); ${loadAverage()}`);
  let online: number[] = warm;
  if (CALL_SETS_ONLY) {
    const apiPid = target.stack!.services[0]!.child.pid!;
    const costs = [
      ...await measureCallSets({ client, universe, tokens, online: largest, apiPid, requests: 1000, concurrency: 4, split: SPLIT }),
      ...await measureCommands({ client, sql, universe, tokens, online: largest, apiPid, requests: 1000, concurrency: 4 }),
    ];
    printCallSets(costs);
    calledSets = costs.every((c) => c.failed === 0);
  }
  for (const [k, size] of (CALL_SETS_ONLY ? [] : STEPS).entries()) {
    const next = onlinePlayers(SEED, PLAYERS, size);
    // The ramp-in, not counted: the players coming online open their sockets and sign in, 8 at a time.
    const coming = next.slice(online.length);
    await sockets.open(coming.map((i) => tokens.get(i)!));
    const t1 = performance.now();
    const signed = await signIn(client, universe, tokens, coming);
    const took = (performance.now() - t1) / 1000;
    console.log(`\n${coming.length} players came online (socket, then the sign-in call set, 8 at a time) in ${took.toFixed(1)} s, ${(coming.length / took).toFixed(1)} a second: ` +
      `sign-in p50 ${Math.round(percentile(signed.ms, 50))} ms, p99 ${Math.round(percentile(signed.ms, 99))} ms, ${signed.failed} failed (the ramp-in, not counted)`);
    online = next;
    // The world settles at the step's size, not counted, and its statistics are then taken, as autovacuum keeps those of
    // a universe that has run a while: the seed's vacuum saw no fleet, notification or job yet, and a connection keeps a
    // plan made from an empty table's statistics until they change, so a step measured at once measures those plans.
    await playStep({ client, sql, universe, tokens, online, durationMs: SETTLE_MS, seed: SEED * 1000 + 500 + k }, new Recorder());
    await sql.query('analyze');
    await playStep({ client, sql, universe, tokens, online, durationMs: AFTER_ANALYZE_MS, seed: SEED * 1000 + 700 + k }, new Recorder());
    console.log(`settled: ${SETTLE_MS / 1000} s of ${online.length} players (not counted), then analyze, then ${AFTER_ANALYZE_MS / 1000} s more; ${loadAverage()}`);
    if (STATEMENTS && stack?.embedded) await resetStatements(sql);
    const result = await runStepAndReport({
      target, client, sql, universe, tokens, online, sockets,
      durationMs: MINUTES * 60_000,
      seed: SEED * 1000 + k,
      chaos: CHAOS && k === STEPS.length - 1,
    });
    if (STATEMENTS && stack?.embedded) await printStatements(sql);
    if (result.held) held.push({ figures: result.figures, lag: result.lag });
    else if (single) failed = true;
    if (!result.chaosHeld) failed = true;
  }
  const check = await checkWorld(sql, start, unitKeys, spyUnit);
  console.log(`world check after the run:\n  ${check.lines.join('\n  ')}`);
  if (!check.ok) failed = true;
  if (BASE) await removeArrivalLog(sql);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  client?.close();
  sockets.close();
  await sql.end();
  await stack?.stop();
  if (dataDir) {
    // The stack logs at warn: what the api and the worker said of a fault is kept in the output before the logs go.
    for (const name of ['api', 'sim-worker']) {
      const path = join(dataDir, `${name}.log`);
      const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => /"level":(4|5|6)0/.test(l)) : [];
      if (lines.length > 0) console.log(`${name} warnings and errors (${lines.length}, the last 10):\n  ${lines.slice(-10).map((l) => l.slice(0, 400)).join('\n  ')}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (CALL_SETS_ONLY) process.exit(failed || !calledSets ? 1 : 0);
const best = held.at(-1);
console.log(best ? finalLine(best.figures, best.lag) : `universe: no step of ${STEPS.join(', ')} online held the bounds`);
process.exit(failed || !best ? 1 : 0);
