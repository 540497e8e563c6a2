/**
 * A step's figures (pure): requests and their latencies by kind, statuses, and the lines the bench
 * prints. The bounds of issue #30: page reads p99 under 100 ms, commands p99 under 200 ms, the
 * worker's lag p99 under 1 s, no 5xx.
 */

export const BOUNDS = { pageP99Ms: 100, commandP99Ms: 200, lagP99Ms: 1000 } as const;

export type Kind = 'page' | 'command';

/** The q-th percentile (nearest rank) of numbers in any order; NaN when there are none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))]!;
}

export interface Sample {
  kind: Kind;
  /** when it was due, ms since the step's start (the chaos windows are cut by it) */
  at: number;
  ms: number;
  /** HTTP status, or 0 when the connection failed */
  status: number;
  /** the tRPC path(s) or the tab */
  name: string;
  /** a refusal's or an error's message (the first failed call's) */
  detail?: string;
}

/** The status a call set counts as: a batch with a failed call answers 207, and a call's 5xx inside it is the 5xx it is (0: no answer). */
export function effectiveStatus(status: number | null, results: readonly ({ data: unknown } | { error: number })[] | null): number {
  const worst = Math.max(0, ...(results ?? []).map((r) => ('error' in r ? r.error : 0)));
  return worst >= 500 ? worst : (status ?? 0);
}

export class Recorder {
  readonly samples: Sample[] = [];
  /** push latency from the notification's commit to the socket, ms */
  readonly pushes: number[] = [];

  add(sample: Sample): void {
    this.samples.push(sample);
  }
}

export interface Window {
  from: number;
  to: number;
}

export interface StepFigures {
  online: number;
  players: number;
  seconds: number;
  rate: Record<Kind, number>;
  p50: Record<Kind, number>;
  p99: Record<Kind, number>;
  statuses: Record<string, number>;
  fiveHundreds: number;
  /**
   * By call name and status, with one of their messages: 4xx (and 207: a batch with a refused call),
   * what the game refused the model (its misses, not faults); and 5xx and failed (no answer: how the
   * connection ended), the faults.
   */
  refusals: Record<string, { count: number; detail: string }>;
  /** p99 by call name (a tab's call set, or a command), slowest first */
  byName: { name: string; p99: number; count: number }[];
  /** page reads' p99 in each 10 s of the step (a stall shows where it was) */
  timeline: number[];
}

/**
 * The step's figures from its samples, leaving out those a fault met (under --chaos): due inside a
 * `skip` window, or due before it and still waiting for their answer when it began (a request the
 * database restart cut is the fault's, whenever it was sent).
 */
export function figures(samples: readonly Sample[], options: { online: number; players: number; seconds: number; skip?: readonly Window[] }): StepFigures {
  const kept = samples.filter((s) => !(options.skip ?? []).some((w) => s.at < w.to && s.at + s.ms >= w.from));
  const of = (kind: Kind) => kept.filter((s) => s.kind === kind && s.status > 0).map((s) => s.ms);
  const statuses: Record<string, number> = {};
  const refusals: StepFigures['refusals'] = {};
  for (const s of samples) {
    const key = s.status === 0 ? 'failed' : String(s.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (s.status >= 400 || s.status === 207 || s.status === 0) {
      const r = (refusals[`${s.name} ${key}`] ??= { count: 0, detail: s.detail ?? '' });
      r.count += 1;
    }
  }
  const fiveHundreds = kept.filter((s) => s.status >= 500 || s.status === 0).length;
  const names = new Map<string, number[]>();
  for (const s of kept) {
    if (s.status === 0) continue;
    let list = names.get(s.name);
    if (!list) names.set(s.name, (list = []));
    list.push(s.ms);
  }
  const byName = [...names].map(([name, list]) => ({ name, p99: percentile(list, 99), count: list.length })).sort((a, b) => b.p99 - a.p99);
  const timeline: number[] = [];
  for (let from = 0; from < options.seconds * 1000; from += 10_000) {
    timeline.push(percentile(kept.filter((s) => s.kind === 'page' && s.status > 0 && s.at >= from && s.at < from + 10_000).map((s) => s.ms), 99));
  }
  const page = of('page');
  const command = of('command');
  return {
    online: options.online,
    players: options.players,
    seconds: options.seconds,
    rate: { page: page.length / options.seconds, command: command.length / options.seconds },
    p50: { page: percentile(page, 50), command: percentile(command, 50) },
    p99: { page: percentile(page, 99), command: percentile(command, 99) },
    statuses,
    fiveHundreds,
    refusals,
    byName,
    timeline,
  };
}

/** Whether a step held the bounds (a 5xx or a failed connection outside the fault windows breaks them). */
export function held(f: StepFigures, lagP99Ms: number): boolean {
  return f.p99.page < BOUNDS.pageP99Ms && f.p99.command < BOUNDS.commandP99Ms && lagP99Ms < BOUNDS.lagP99Ms && f.fiveHundreds === 0;
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : '-');

/** The bench's last line, for the largest step that held (issue #30's words). */
export function finalLine(f: StepFigures, lagP99Ms: number): string {
  return `universe: ${f.online} online of ${f.players} players held: page p99 ${ms(f.p99.page)} ms, command p99 ${ms(f.p99.command)} ms, lag p99 ${ms(lagP99Ms)} ms, 5xx ${f.fiveHundreds}`;
}
