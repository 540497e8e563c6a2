import type pg from 'pg';
import { planPlayer, rng, type Action } from './model';
import { commandCall, pageCalls } from './calls';
import type { Client, Reply } from './http';
import { effectiveStatus, type Recorder, type Sample } from './metrics';
import type { Universe } from './seed';

/**
 * One step: every online player plays their plan (model.ts) for `durationMs`. A single timer sends
 * each action at its instant, whatever happened to the ones before (an open loop: a slow server
 * shows as latency, not as fewer requests). Page reads are recorded as 'page', commands as 'command'.
 */
export interface StepInput {
  client: Client;
  sql: pg.Pool;
  universe: Universe;
  tokens: Map<number, string>;
  online: readonly number[];
  durationMs: number;
  seed: number;
}

/** What every online player does in a step, in the order it is due (times from the step's start). */
export type StepPlan = (Action & { player: number })[];

export function planStep(input: Pick<StepInput, 'online' | 'durationMs' | 'seed'>): StepPlan {
  const plan: StepPlan = [];
  for (const player of input.online) for (const a of planPlayer(input.seed, player, input.durationMs)) plan.push({ ...a, player });
  return plan.sort((a, b) => a.at - b.at);
}

/**
 * Plays `plan` from `startAt`. The plan is made before the step's clock starts (by default too): made
 * after it, its 90 to 180 ms for 3,500 players held back the actions due meanwhile, whose latency is
 * counted from their due time, and the first second of every step measured the plan (page p99 351 ms
 * in it, 29 to 97 ms in the next ten).
 */
export async function playStep(input: StepInput, recorder: Recorder, plan = planStep(input), startAt = performance.now()): Promise<void> {
  const { client, sql, universe, tokens } = input;
  const pick = rng(`universe:${input.seed}:pick`);
  const inFlight = new Set<Promise<void>>();
  const record = (kind: Sample['kind'], at: number, name: string, reply: Reply) => {
    const failed = reply.results?.find((r) => 'error' in r);
    const detail = reply.failure
      ? `${reply.failure}; due at ${(at / 1000).toFixed(1)} s of the step, given up after ${Math.round(reply.ms)} ms`
      : failed && 'error' in failed ? failed.message : undefined;
    recorder.add({ kind, at, ms: reply.ms, status: effectiveStatus(reply.status, reply.results), name, ...(detail ? { detail } : {}) });
  };

  const act = async (a: Action & { player: number }) => {
    const me = universe.players[a.player]!;
    const token = tokens.get(a.player)!;
    const due = startAt + a.at;
    if (a.kind === 'page') {
      const reply = await client.trpc(token, pageCalls(a.tab, me, universe), false, due);
      return record('page', a.at, a.tab, reply);
    }
    const command = await commandCall(a.command, me, universe, sql, pick);
    if (!command) return;
    const reply = await client.trpc(token, [command.call], true, due);
    record('command', a.at, command.call.path, reply);
    const first = reply.results?.[0];
    if (command.followUp && first && 'data' in first) {
      const next = command.followUp(first.data);
      if (next) {
        const at = performance.now();
        record('command', at - startAt, next.path, await client.trpc(token, [next], true, at));
      }
    }
  };

  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - startAt;
      for (; i < plan.length && plan[i]!.at <= now; i += 1) {
        const p = act(plan[i]!).catch((error: unknown) => console.error(`universe: an action failed in the client: ${String(error)}`));
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      if (i < plan.length) setTimeout(tick, Math.min(20, Math.max(1, plan[i]!.at - now)));
      else resolve();
    };
    tick();
  });
  // Answers still on their way count, up to 15 s.
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 15_000))]);
}

/**
 * Players coming online: each signs in (the shell's call set, SIGN_IN) before the step is measured
 * (the ramp-in), `concurrency` at a time, as fast as the api answers; answers the sign-ins' latencies.
 */
export async function signIn(client: Client, universe: Universe, tokens: Map<number, string>, players: readonly number[], concurrency = 8): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < players.length) {
      const player = players[next++]!;
      const reply = await client.trpc(tokens.get(player)!, pageCalls('SIGN_IN', universe.players[player]!, universe), false, performance.now());
      if (reply.status === 200) ms.push(reply.ms);
      else failed += 1;
    }
  }));
  return { ms, failed };
}

/** The step's arrivals, battles and the worker's lag from due time (arrivals and queue completions), from the database. */
export async function workerFigures(sql: pg.Pool, from: Date, to: Date, skip: { from: Date; to: Date }[]): Promise<{ arrivals: number; battles: number; lags: number[] }> {
  const { rows: lagRows } = await sql.query<{ due: Date; applied_at: Date; lag: number }>(
    `select due, applied_at, extract(epoch from applied_at - due) * 1000 as lag from bench_arrivals where applied_at between $1 and $2
     union all select end_time, completed_at, extract(epoch from completed_at - end_time) * 1000 from queue_items where completed_at between $1 and $2`,
    [from, to],
  );
  const arrivals = Number((await sql.query<{ n: string }>('select count(*) as n from bench_arrivals where applied_at between $1 and $2', [from, to])).rows[0]!.n);
  const battles = Number((await sql.query<{ n: string }>('select count(*) as n from battles where created_at between $1 and $2', [from, to])).rows[0]!.n);
  // What a fault held up (due before a window ended, applied after it began) is judged by whether it was applied once, not by its lag.
  const lags = lagRows.filter((r) => !skip.some((w) => r.applied_at >= w.from && r.due < w.to)).map((r) => Math.max(0, Number(r.lag)));
  return { arrivals, battles, lags };
}
