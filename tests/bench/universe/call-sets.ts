import { processCpuMs } from '../cpu';
import { pageCalls } from './calls';
import { batchRequest, bodyText, type Client } from './http';
import { POLLS, TABS, type Page } from './model';
import type pg from 'pg';
import { SEED, type Universe } from './seed';

/** The call sets measured: every screen, every poll and the sign-in (commands change the world, so they are the steps' to measure). */
export const CALL_SETS: readonly Page[] = ['SIGN_IN', ...TABS, ...(Object.keys(POLLS) as Page[])];

export interface CallSetCost {
  /** The set, or `SET:path` for one call of a split set. */
  name: string;
  requests: number;
  /** The api's CPU a request (its process's, from /proc: garbage collection and compression included). */
  apiMs: number;
  /** One answer's JSON and the bytes it went out as (brotli when over 4 KiB), for the first player. */
  jsonBytes: number;
  wireBytes: number;
  failed: number;
}

/** Runs `act` for 0 .. count-1, `concurrency` at a time in turn; answers how many answered false. */
async function inTurns(count: number, concurrency: number, act: (i: number) => Promise<boolean>): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) if (!(await act(next++))) failed += 1;
  }));
  return failed;
}

/**
 * `--call-sets`: what each call set of the model costs the api alone. Each is sent `requests` times
 * (after as many unmeasured, so the api has compiled its path), `concurrency` at a time, for the
 * online players in turn, with nothing else running but the sim-worker; the api's CPU over those
 * requests, divided by them, is the set's cost. A step mixes them all on a busy machine, where every
 * request costs more; these figures say which sets are dear, not what a step will use. A split set's
 * calls are each sent alone, to find which call of a dear set is the dear one.
 */
export async function measureCallSets(
  options: {
    client: Client; universe: Universe; tokens: Map<number, string>; online: readonly number[]; apiPid: number; requests: number; concurrency: number;
    /** Sets whose calls are measured one by one instead (`--split`); none: every set whole. */
    split: readonly Page[];
  },
): Promise<CallSetCost[]> {
  const { client, universe, tokens, online, apiPid, requests, concurrency, split } = options;
  const costs: CallSetCost[] = [];
  const sets: { page: Page; index: number | null }[] = split.length
    ? split.flatMap((page) => pageCalls(page, universe.players[online[0]!]!, universe).map((_, index) => ({ page, index })))
    : CALL_SETS.map((page) => ({ page, index: null }));
  for (const { page, index } of sets) {
    const callsOf = (player: number) => {
      const all = pageCalls(page, universe.players[player]!, universe);
      // A set whose calls differ by player (ALLIANCE: a leader's lists the applications) may have none at `index`: sent empty, counted as failed.
      return index === null ? all : all.slice(index, index + 1);
    };
    const send = (player: number) => client.trpc(tokens.get(player)!, callsOf(player), false, performance.now());
    const first = online[0]!;
    const sample = await client.request(batchRequest(tokens.get(first)!, callsOf(first), false));
    const run = () => inTurns(requests, concurrency, async (i) => (await send(online[i % online.length]!)).status === 200);
    await run();
    const before = processCpuMs([apiPid]);
    const failed = await run();
    costs.push({
      name: index === null ? page : `${page}:${callsOf(first)[0]!.path}`,
      requests,
      apiMs: (processCpuMs([apiPid]) - before) / requests,
      jsonBytes: sample.answer ? Buffer.byteLength(bodyText(sample.answer)) : 0,
      wireBytes: sample.answer?.body.length ?? 0,
      failed,
    });
  }
  return costs;
}

/**
 * The commands' part of `--call-sets`: builds started and cancelled (30% refunded), for `requests`
 * players, after a round unmeasured. First each player starts two levels of the first field of their
 * home; the api's CPU over those starts, divided by them, is `build` (`construction.start`). Then each
 * starts two more and cancels the second at once (at the bench's speed a queued item is done within
 * seconds, so the cancel must follow it): what that costs beyond the first pass, divided by the
 * cancels, is `cancel`. Each round starts from a stock of ten million of each of the seed's
 * resources, so the levels the rounds add stay affordable however little time the players had to
 * produce.
 */
export async function measureCommands(
  options: { client: Client; sql: pg.Pool; universe: Universe; tokens: Map<number, string>; online: readonly number[]; apiPid: number; requests: number; concurrency: number },
): Promise<CallSetCost[]> {
  const { client, sql, universe, tokens, online, apiPid, requests, concurrency } = options;
  const players = online.slice(0, requests);
  const send = async (player: number, path: string, input: object) => {
    const reply = await client.trpc(tokens.get(player)!, [{ path, input: { territory_id: universe.players[player]!.territory, ...input } }], true, performance.now());
    const first = reply.results?.[0];
    return first && 'data' in first ? first.data : null;
  };
  const build = async (player: number) => (await send(player, 'construction.start', { structure_key: 'fiber_tangle' })) as { id: string } | null;
  /** The api's CPU over `act` done once for each player, `concurrency` players at a time, and how many acts failed. */
  const each = async (act: (player: number) => Promise<boolean>) => {
    const before = processCpuMs([apiPid]);
    const failed = await inTurns(players.length, concurrency, (i) => act(players[i]!));
    return { ms: processCpuMs([apiPid]) - before, failed };
  };
  const round = async (): Promise<CallSetCost[]> => {
    await sql.query('update territories set resources = $1::jsonb, resources_updated_at = now() where id = any($2::int[])',
      [JSON.stringify(Object.fromEntries(Object.keys(SEED.resources).map((k) => [k, 10_000_000]))), players.map((p) => universe.players[p]!.territory)]);
    const builds = await each(async (player) => (await build(player)) !== null && (await build(player)) !== null);
    const withCancels = await each(async (player) => {
      const first = await build(player);
      const second = await build(player);
      return first !== null && second !== null && (await send(player, 'construction.cancel', { queue_item_id: second.id })) !== null;
    });
    const n = players.length;
    return [
      { name: 'COMMAND:build', requests: 2 * n, apiMs: builds.ms / (2 * n), jsonBytes: 0, wireBytes: 0, failed: builds.failed },
      { name: 'COMMAND:cancel', requests: n, apiMs: (withCancels.ms - builds.ms) / n, jsonBytes: 0, wireBytes: 0, failed: withCancels.failed },
    ];
  };
  await round();
  return round();
}

export function printCallSets(costs: readonly CallSetCost[]): void {
  console.log('\nwhat each call set costs the api alone (--call-sets):');
  for (const c of costs) {
    console.log(`  ${c.name.padEnd(18)} ${c.apiMs.toFixed(2)} ms a request (${c.requests} requests${c.failed ? `, ${c.failed} not 200` : ''}); ` +
      (c.jsonBytes ? `answer ${c.jsonBytes.toLocaleString('en')} bytes of JSON, ${c.wireBytes.toLocaleString('en')} sent` : 'a mutation'));
  }
}
