import { fmtNumber, loadNewPlayerBounds, RESOURCE_KEYS } from '@brood/game-data';
import type { BoundProblem, Catalogue, LongGameBounds } from '@brood/game-data';
import { combatProblems, perDay, runProblems, staticProblems, tierTimes } from './bounds';
import { attackerTrade, combatMatrix, type CombatMatrix } from './matrix';
import { simulateLongGame, type LongRun } from './sim';

export interface LongGameReport {
  /** every planner at every speed of the bounds; the first speed's runs are judged */
  readonly runs: readonly LongRun[];
  readonly matrix: CombatMatrix;
  readonly problems: readonly BoundProblem[];
}

/** The long game and the combat matrix of a catalogue, with every bound of data/long-game.json checked. */
export function longGameReport(catalogue: Catalogue, b: LongGameBounds, workers: readonly string[] = loadNewPlayerBounds().worker_archetypes): LongGameReport {
  const runs: LongRun[] = [];
  for (const speed of b.speeds) {
    const c: Catalogue = { ...catalogue, universe: { ...catalogue.universe, universe_speed_factor: speed } };
    for (const planner of ['greedy', 'goal'] as const) runs.push(simulateLongGame(c, planner, b.simulated_days, b.colony_flight_hours));
  }
  const judged = runs.filter((r) => r.speed === b.speeds[0]);
  const matrix = combatMatrix(catalogue, workers, b.combat, b.seed);
  const problems = [...staticProblems(catalogue, b), ...judged.flatMap((r) => runProblems(catalogue, r, b)), ...combatProblems(catalogue, matrix, b.combat)];
  return { runs, matrix, problems };
}

const day = (s: number | null | undefined) => (s === null || s === undefined ? 'never' : `d${(s / 86400).toFixed(1)}`);
const pct = (x: number) => `${Math.round(x * 100)}%`;

function runText(c: Catalogue, r: LongRun, b: LongGameBounds): string[] {
  const tiers = tierTimes(c, r);
  const { starts, longest, waits } = perDay(r);
  const lines = [`  ${r.planner} planner, speed ${r.speed}: ${r.starts.filter((s) => s.fresh).length} new starts, ${r.colonies.length} colonies (${r.colonies.map(day).join(' ')})`];
  for (const [kind, list] of Object.entries(tiers)) lines.push(`    ${kind.padEnd(10)} tiers I-V first possible: ${list.map(day).join('  ')}`);
  lines.push(`    resources first produced: ${RESOURCE_KEYS.map((k) => `${k} ${day(r.produced.get(k))}`).join(', ')}`);
  const points = b.points_at_days.filter((d) => d <= r.days).map((d) => `d${d} ${fmtNumber(r.samples[d - 1]?.points ?? 0)}`);
  lines.push(`    points: ${points.join(', ')}`);
  const weeks = [];
  for (let d = 0; d < r.days; d += 30) weeks.push(`d${d + 1}-${Math.min(r.days, d + 30)}: ${starts.slice(d, d + 30).reduce((a, x) => a + x, 0)} starts, longest stretch ${(Math.max(...longest.slice(d, d + 30)) / 3600).toFixed(1)} h, longest wait with nothing new affordable ${(Math.max(...waits.slice(d, d + 30)) / 3600).toFixed(1)} h`);
  lines.push(`    ${weeks.join('; ')}`);
  const last = r.samples.at(-1);
  if (last) lines.push(`    production per hour on day ${last.day}: ${Object.entries(last.production).map(([k, v]) => `${k} ${fmtNumber(v ?? 0)}`).join(', ')}`);
  return lines;
}

function matrixText(m: CombatMatrix): string[] {
  const lines = ['  win share of the row attacking the column (value traded: value destroyed / value lost)'];
  const cols = [...m.units, ...m.defenses];
  lines.push(`  ${''.padEnd(15)} ${cols.map((k) => k.slice(0, 9).padEnd(9)).join(' ')}`);
  for (const a of m.units) {
    const cells = cols.map((d) => {
      const f = m.fights.find((x) => x.attacker === a && x.defender === d);
      if (!f) return '-'.padEnd(9);
      const t = attackerTrade(f);
      return `${pct(f.attackerWins)}/${Number.isFinite(t) ? t.toFixed(1) : 'inf'}`.padEnd(9);
    });
    lines.push(`  ${a.slice(0, 15).padEnd(15)} ${cells.join(' ')}`);
  }
  const held = m.mixes.filter((f) => f.defenderWins >= 0.5 || (f.defenderLost > 0 ? f.attackerLost / f.defenderLost : 1) >= 1).length;
  lines.push(`  random mixes: defenses win ${pct(m.mixes.reduce((s, f) => s + f.defenderWins, 0) / Math.max(1, m.mixes.length))} of runs, hold (win or trade >= 1) ${held} of ${m.mixes.length} pairings`);
  return lines;
}

/** The report as text for the terminal: the runs, the matrix, and the bounds. */
export function formatLongGame(c: Catalogue, r: LongGameReport, b: LongGameBounds): string {
  return [
    `LONG GAME (${b.simulated_days} days, speeds ${b.speeds.join(', ')}; bounds judged at speed ${b.speeds[0]})`,
    ...r.runs.flatMap((run) => runText(c, run, b)),
    '',
    `COMBAT MATRIX (each side worth ${fmtNumber(b.combat.value_per_fight)} in tier-weighted resources; ${b.combat.runs} runs a fight)`,
    ...matrixText(r.matrix),
    '',
    `long game bounds: ${r.problems.length === 0 ? 'OK' : `${r.problems.length} broken`}`,
    ...r.problems.map((p) => `  FAIL ${p.bound}: ${p.message}`),
  ].join('\n');
}
