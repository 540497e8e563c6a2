import type pg from 'pg';
import type { Stack } from '../../../scripts/lib/stack';
import { cpuMeter, processCpuMs } from '../cpu';
import { loadAverage } from '../load-stack';
import { sampleAllocations, type AllocationReport } from './allocations';
import { runChaos, shellRestart, type ChaosReport, type FaultHooks } from './chaos';
import type { Client } from './http';
import { figures, held, percentile, Recorder, type StepFigures } from './metrics';
import type { Universe } from './seed';
import type { SocketHolders } from './sockets';
import { apiGcSeconds, apiMetric, watchStalls } from './stalls';
import { planStep, playStep, workerFigures } from './step';

/** The stack under load: started by the bench (stack) or named by --base. */
export interface Target {
  baseUrl: string;
  databaseUrl: string;
  secret: string;
  workerPid: number | null;
  pgRestart: string | null;
  stack: Stack | null;
  /** The api's inspector (`--allocations`), or null. */
  inspector: string | null;
}

export interface StepRun {
  target: Target;
  client: Client;
  sql: pg.Pool;
  universe: Universe;
  tokens: Map<number, string>;
  online: readonly number[];
  sockets: SocketHolders;
  durationMs: number;
  seed: number;
  chaos: boolean;
}

function faultHooks(run: StepRun): FaultHooks {
  const { target, sql } = run;
  const probeToken = run.tokens.get(run.online[0]!)!;
  const worker = target.stack?.services[1];
  if (!worker && target.workerPid === null) throw new Error('--chaos with --base needs --worker-pid (the sim-worker, which a supervisor restarts).');
  if (!target.stack?.embedded && !target.pgRestart) throw new Error("--chaos with --base needs --pg-restart 'command' (a shell command that restarts PostgreSQL).");
  return {
    killWorker: () => (worker ? worker.child.kill('SIGKILL') : process.kill(target.workerPid!, 'SIGKILL')),
    restartDatabase: target.stack?.embedded ? () => target.stack!.embedded!.restart() : shellRestart(target.pgRestart!),
    caughtUp: async () => {
      const { rows } = await sql.query<{ n: string }>(
        `select (select count(*) from movements where arrival_time < now() - interval '1 second')
              + (select count(*) from queue_items where completed_at is null and end_time < now() - interval '1 second') as n`);
      return Number(rows[0]!.n) === 0;
    },
    // On a connection of its own: the client's pool may hold a queue of the step's requests.
    serves: async () => (await fetch(`${target.baseUrl}/trpc/users.me?batch=1&input=%7B%7D`, { headers: { authorization: `Bearer ${probeToken}` }, signal: AbortSignal.timeout(2000) })).status === 200,
  };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** Runs one step (with the faults under --chaos), prints its figures, and answers whether it held the bounds. */
export async function runStepAndReport(run: StepRun): Promise<{ held: boolean; figures: StepFigures; lag: number; chaosHeld: boolean }> {
  const players = run.universe.players.length;
  // Made before anything is measured: the plan's own time is the load generator's, not the step's.
  const step = { client: run.client, sql: run.sql, universe: run.universe, tokens: run.tokens, online: run.online, durationMs: run.durationMs, seed: run.seed };
  const plan = planStep(step);
  const hooks = run.chaos ? faultHooks(run) : null;
  const recorder = new Recorder();
  await run.sockets.pushes(); // forget what arrived before the step
  const apiBefore = await apiMetric(run.target.baseUrl, 'process_cpu_seconds_total');
  const gcBefore = await apiGcSeconds(run.target.baseUrl);
  const meter = await cpuMeter(run.target.databaseUrl);
  const workerPid = () => run.target.stack?.services.find((s) => s.name === 'sim-worker')?.child.pid ?? run.target.workerPid;
  const workerAtStart = workerPid();
  const workerMsAtStart = workerAtStart == null ? 0 : processCpuMs([workerAtStart]);
  const socketsBefore = processCpuMs(run.sockets.pids);
  const closedBefore = new Map(run.client.closedBy);
  const watch = await watchStalls(run.target.baseUrl);
  const sampling = run.target.inspector ? await sampleAllocations(run.target.inspector) : null;
  const from = new Date();
  const startAt = performance.now();
  const chaos: Promise<ChaosReport> | null = hooks ? runChaos(run.target.baseUrl, hooks, startAt, run.durationMs) : null;
  await playStep(step, recorder, plan, startAt);
  const faults = chaos ? await chaos : null;
  const allocations = sampling ? await sampling.stop() : null;
  const stalls = await watch.stop();
  const seconds = (performance.now() - startAt) / 1000;
  const to = new Date();
  const cpu = meter.stop();
  const apiCpu = (await apiMetric(run.target.baseUrl, 'process_cpu_seconds_total')) - apiBefore;
  const gcAfter = await apiGcSeconds(run.target.baseUrl);
  const gc = Object.entries(gcAfter).map(([kind, s]) => [kind, s - (gcBefore[kind] ?? 0)] as const).filter(([, s]) => s >= 0.0005);
  const gcLine = gc.length ? `; the api's garbage-collection pauses ${fmt((100 * gc.reduce((a, [, s]) => a + s, 0)) / Math.max(apiCpu, 1e-9))}% of its CPU (${gc.map(([kind, s]) => `${kind} ${fmt(s, 1)} s`).join(', ')})` : '';
  // A worker killed and restarted (--chaos) took its CPU time with it.
  const workerMs = workerAtStart != null && workerPid() === workerAtStart ? processCpuMs([workerAtStart]) - workerMsAtStart : Number.NaN;
  const socketsMs = processCpuMs(run.sockets.pids) - socketsBefore;
  const share = (ms: number) => (Number.isFinite(ms) ? `${fmt(ms / 10 / seconds)}%` : '- (restarted)');
  const skip = faults?.windows ?? [];
  const f = figures(recorder.samples, { online: run.online.length, players, seconds: run.durationMs / 1000, skip });
  const worker = await workerFigures(run.sql, from, to, skip.map((w) => ({ from: new Date(from.getTime() + w.from), to: new Date(from.getTime() + w.to) })));
  const lag = percentile(worker.lags, 99);
  const pushes = await run.sockets.pushes();
  const ok = held(f, lag);
  const statuses = Object.entries(f.statuses).sort().map(([s, n]) => `${s} ${n}`).join(', ');
  const refusals = Object.entries(f.refusals).sort((a, b) => b[1].count - a[1].count).slice(0, 10).map(([k, r]) => `\n    ${k} x${r.count}: ${r.detail.slice(0, 140)}`).join('');
  console.log(
    [
      `\nstep: ${run.online.length.toLocaleString('en')} online of ${players.toLocaleString('en')} players, ${fmt(seconds, 1)} s from ${from.toISOString().slice(11, 19)} UTC (${run.sockets.opened} sockets held, ${run.sockets.failed} failed); ${loadAverage()}`,
      `  requests a second: page reads ${fmt(f.rate.page, 1)}, commands ${fmt(f.rate.command, 1)}`,
      `  latency from due: page reads p50 ${fmt(f.p50.page)} ms, p99 ${fmt(f.p99.page)} ms; commands p50 ${fmt(f.p50.command)} ms, p99 ${fmt(f.p99.command)} ms${skip.length ? ' (outside the fault windows)' : ''}`,
      `  page reads p99 in each 10 s: ${f.timeline.map((n) => fmt(n)).join(', ')} ms`,
      `  longest event-loop stall in each 10 s: api ${stalls.api.map((n) => fmt(n)).join(', ')} ms; load generator ${stalls.generator.map((n) => fmt(n)).join(', ')} ms`,
      `  slowest p99 by call set: ${f.byName.slice(0, 6).map((n) => `${n.name} ${fmt(n.p99)} ms (${n.count})`).join(', ')}`,
      `  arrivals ${fmt(worker.arrivals / seconds, 2)} a second, battles ${fmt(worker.battles / seconds, 2)} a second; worker lag from due p99 ${fmt(lag)} ms (${worker.lags.length} arrivals and completions)`,
      `  push latency from commit to socket p99 ${fmt(percentile(pushes, 99))} ms (${pushes.length} events)`,
      `  answers by status: ${statuses}; 5xx or failed outside fault windows: ${f.fiveHundreds}${closedDuring(run.client.closedBy, closedBefore)}`,
      `  refused, failed or 5xx, by call: ${refusals || 'none'}`,
      `  CPU: api ${fmt((100 * apiCpu) / seconds)}% of a core (${fmt((1000 * apiCpu) / Math.max(1, recorder.samples.length), 2)} ms a request), sim-worker ${share(workerMs)}, ` +
        `database ${cpu.database >= 0 ? share(cpu.database) : '- (restarted)'}, load generator ${share(cpu.worker + socketsMs)} (sockets ${share(socketsMs)})${gcLine}`,
      ...(allocations ? [allocationLine(allocations, seconds, recorder.samples.length)] : []),
      ...(faults?.lines.map((l) => `  ${l}`) ?? []),
      `  bounds (page p99 < 100 ms, command p99 < 200 ms, lag p99 < 1 s, no 5xx): ${ok ? 'held' : 'MISSED'}`,
    ].join('\n'),
  );
  return { held: ok, figures: f, lag, chaosHeld: faults ? faults.healthy : true };
}

/** What the api allocated (`--allocations`): a second, a request, and the eight places that made the most. */
function allocationLine(report: AllocationReport, seconds: number, requests: number): string {
  const where = report.byWhere.slice(0, 8).map((w) => `${w.where} ${fmt((100 * w.bytes) / report.bytes)}%`).join(', ');
  return `  api allocations: ${fmt(report.bytes / 1e6 / seconds)} MB a second, ${fmt(report.bytes / 1e3 / Math.max(1, requests))} KB a request; made by ${where}`;
}

/** The answers that said `Connection: close` during a step, and the calls they answered, most first ('status METHOD path' and a count); '' for none. */
function closedDuring(now: ReadonlyMap<string, number>, before: ReadonlyMap<string, number>): string {
  const during = [...now].map(([call, n]) => [call, n - (before.get(call) ?? 0)] as const).filter(([, n]) => n > 0);
  if (during.length === 0) return '';
  const total = during.reduce((sum, [, n]) => sum + n, 0);
  const calls = during.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([call, n]) => `${call} ${n}`);
  return `; ${total} answers closed their connection (Connection: close): ${calls.join(', ')}`;
}
