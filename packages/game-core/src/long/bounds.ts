import { resourceProblems, storageProblems } from '@brood/game-data';
import type { BoundProblem, Catalogue, LongGameBounds } from '@brood/game-data';
import type { SimKind } from '../sim/candidates';
import { attackerTrade, defenderTrade, type CombatMatrix, type Fight } from './matrix';
import type { LongRun } from './sim';

const DAY = 86400;

/** Kinds of entry by tier: the first moment (seconds) any entry of that kind and tier became possible. */
export function tierTimes(c: Catalogue, run: LongRun): Record<SimKind, (number | null)[]> {
  const out: Record<SimKind, (number | null)[]> = { structure: [], technology: [], unit: [], defense: [] };
  const tierOf = (kind: SimKind, key: string) => (kind === 'structure' ? c.structures[key] : kind === 'technology' ? c.technologies[key] : kind === 'unit' ? c.units[key] : c.defenses[key])?.tier ?? 0;
  for (const kind of Object.keys(out) as SimKind[]) out[kind] = [1, 2, 3, 4, 5].map(() => null);
  for (const [id, at] of run.possible) {
    const [kind, key] = id.split(':') as [SimKind, string];
    const tier = tierOf(kind, key);
    const list = out[kind];
    if (tier >= 1 && tier <= 5 && (list[tier - 1] === null || at < list[tier - 1]!)) list[tier - 1] = at;
  }
  return out;
}

/** Stretches without a fresh start (a new level or a first unit), the last one running to the end. */
export function gaps(run: LongRun): { from: number; to: number }[] {
  const times = [0, ...run.starts.filter((s) => s.fresh).map((s) => s.at), run.days * DAY];
  const out: { from: number; to: number }[] = [];
  for (let i = 1; i < times.length; i++) if (times[i]! > times[i - 1]!) out.push({ from: times[i - 1]!, to: times[i]! });
  return out;
}

/** The longest of `stretches` touching each day (index 0 is day 1), in seconds. */
function longestPerDay(days: number, stretches: readonly { from: number; to: number }[]): number[] {
  const out = Array.from({ length: days }, () => 0);
  for (const g of stretches) {
    for (let d = Math.floor(g.from / DAY); d < Math.min(days, Math.ceil(g.to / DAY)); d++) out[d] = Math.max(out[d]!, g.to - g.from);
  }
  return out;
}

/**
 * Per day (index 0 is day 1): fresh starts, the longest stretch without one that touches the day,
 * and the longest wait with no new level and no first unit affordable anywhere (seconds).
 */
export function perDay(run: LongRun): { starts: number[]; longest: number[]; waits: number[] } {
  const starts = Array.from({ length: run.days }, () => 0);
  for (const s of run.starts) if (s.fresh && s.at < run.days * DAY) starts[Math.floor(s.at / DAY)]!++;
  return { starts, longest: longestPerDay(run.days, gaps(run)), waits: longestPerDay(run.days, run.waits) };
}

/** The simulation's bounds for one run at the judged speed. */
export function runProblems(c: Catalogue, run: LongRun, b: LongGameBounds): BoundProblem[] {
  const out: BoundProblem[] = [];
  const who = `${run.planner} planner`;
  const { starts } = perDay(run);
  const empty = starts.map((n, d) => (n === 0 && d < b.starts_every_day_until ? d + 1 : 0)).filter((d) => d > 0);
  if (empty.length) out.push({ bound: 'a start every day', message: `${who}: no new level or first unit on ${empty.length} days (first: day ${empty[0]}, last: day ${empty.at(-1)})` });
  const long = gaps(run).filter((g) => g.to > DAY && g.to - g.from > b.max_hours_without_start * 3600);
  if (long.length) {
    const worst = long.reduce((a, g) => (g.to - g.from > a.to - a.from ? g : a));
    out.push({ bound: 'no long stretch without a start', message: `${who}: ${long.length} stretches over ${b.max_hours_without_start} h without a new start, the longest ${((worst.to - worst.from) / 3600).toFixed(0)} h from day ${(worst.from / DAY).toFixed(1)}` });
  }
  const [lo = 0, hi = 0] = b.tier5_possible_between_days;
  for (const kind of ['structure', 'technology', 'unit'] as const) {
    const defs = kind === 'structure' ? c.structures : kind === 'technology' ? c.technologies : c.units;
    for (const [key, def] of Object.entries(defs)) {
      if (def.tier !== 5 || ('recruitable' in def && !def.recruitable)) continue;
      const at = run.possible.get(`${kind}:${key}`);
      const day = at === undefined ? null : at / DAY;
      if (day === null || day < lo || day > hi) out.push({ bound: 'tier 5 between days', message: `${who}: ${kind} ${key} possible ${day === null ? 'never' : `on day ${day.toFixed(1)}`} (bound: day ${lo} to ${hi})` });
    }
  }
  return out;
}

/** Whether the side beats the other in this fight: wins at least the share, or trades at least the ratio. */
export const attackerBeats = (f: Fight, b: LongGameBounds['combat']) => f.attackerWins >= b.beats_win_share || attackerTrade(f) >= b.beats_trade_ratio;
export const defenderBeats = (f: Fight, b: LongGameBounds['combat']) => f.defenderWins >= b.beats_win_share || defenderTrade(f) >= b.beats_trade_ratio;

/** The combat bounds: no dominant unit, no useless unit or defense, decisive mid-tier fights, defense worth building. */
export function combatProblems(c: Catalogue, m: CombatMatrix, b: LongGameBounds['combat']): BoundProblem[] {
  const out: BoundProblem[] = [];
  const find = (a: string, d: string) => m.fights.find((f) => f.attacker === a && f.defender === d);
  for (const u of m.units) {
    const others = m.units.filter((o) => o !== u);
    if (others.length && others.every((o) => { const x = find(u, o); const y = find(o, u); return !!x && !!y && attackerBeats(x, b) && defenderBeats(y, b); })) {
      out.push({ bound: 'no dominant unit', message: `${u} beats every other combat unit in both roles` });
    }
  }
  for (const k of [...m.units, ...m.defenses]) {
    const isUnit = m.units.includes(k);
    const beatsSome = m.fights.some((f) => (isUnit && f.attacker === k && f.defender !== k && attackerBeats(f, b)) || (f.defender === k && f.attacker !== k && defenderBeats(f, b)));
    if (!beatsSome) out.push({ bound: 'no useless unit or defense', message: `${k} beats no opponent in any role` });
  }
  const [lo = 0, hi = 0] = b.decisive_tiers;
  const mid = (k: string) => (c.units[k]?.tier ?? 0) >= lo && (c.units[k]?.tier ?? 0) <= hi;
  const midFights = m.fights.filter((f) => f.attacker !== f.defender && mid(f.attacker) && mid(f.defender));
  const decisive = midFights.filter((f) => f.attackerLost >= b.decisive_loss_share * f.attackerValue || f.defenderLost >= b.decisive_loss_share * f.defenderValue).length;
  if (midFights.length && decisive / midFights.length < b.decisive_fights_share) {
    out.push({ bound: 'fights decide something', message: `${decisive} of ${midFights.length} fights between combat units of tiers ${lo}-${hi} end with a side losing at least ${b.decisive_loss_share * 100}% of its value (bound: ${b.decisive_fights_share * 100}%)` });
  }
  const held = m.mixes.filter((f) => f.defenderWins >= b.beats_win_share || defenderTrade(f) >= b.defense_mix_trade_ratio).length;
  if (m.mixes.length && held / m.mixes.length < b.defense_mix_min_share) {
    out.push({ bound: 'defending is worth it', message: `defense mixes win or trade ${b.defense_mix_trade_ratio} against ${held} of ${m.mixes.length} attacking unit mixes (bound: ${(b.defense_mix_min_share * 100).toFixed(0)}%)` });
  }
  return out;
}

/** The static bounds of the catalogue (no planner): costs within reachable storage, every resource used and produced. */
export function staticProblems(c: Catalogue, b: LongGameBounds): BoundProblem[] {
  return [...storageProblems(c), ...resourceProblems(c, b.resource_min_cost_items, b.resource_min_producers)];
}
