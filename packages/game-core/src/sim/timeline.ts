import { MILESTONES } from '@brood/game-data';
import type { Catalogue, Milestone, NewPlayerBounds } from '@brood/game-data';
import { simulateNewPlayer, type NewPlayerRun, type SimPossible, type SimWait } from './new-player';

/** When a milestone first became possible (seconds since founding), and by what; null when not within the run. */
export interface MilestoneTime {
  readonly milestone: Milestone;
  readonly first: SimPossible | null;
}

/** One bound of data/new-player.json against the run: seconds allowed and seconds taken (null: never). */
export interface BoundCheck {
  readonly label: string;
  readonly limit: number;
  readonly actual: number | null;
  readonly ok: boolean;
}

export interface NewPlayerReport {
  readonly run: NewPlayerRun;
  readonly milestones: readonly MilestoneTime[];
  readonly checks: readonly BoundCheck[];
  readonly ok: boolean;
}

type Test = (c: Catalogue, p: SimPossible, workers: readonly string[]) => boolean;

const unitIs = (pred: (u: Catalogue['units'][string], workers: readonly string[]) => boolean): Test =>
  (c, p, workers) => p.kind === 'unit' && !!c.units[p.key] && pred(c.units[p.key]!, workers);

const IS: Readonly<Record<Milestone, Test>> = {
  first_structure: (_c, p) => p.kind === 'structure',
  first_research: (_c, p) => p.kind === 'technology',
  first_unit: (_c, p) => p.kind === 'unit',
  first_combat_unit: unitIs((u, workers) => !workers.includes(u.archetype)),
  first_transport: unitIs((u, workers) => workers.includes(u.archetype) && u.capabilities.length === 0 && u.stats.cargo_capacity > 0),
  first_colonizer: unitIs((u) => u.capabilities.includes('COLONIZE')),
  first_defense: (_c, p) => p.kind === 'defense',
};

export const MILESTONE_LABELS: Readonly<Record<Milestone, string>> = {
  first_structure: 'first structure', first_research: 'first research', first_unit: 'first unit', first_combat_unit: 'first combat unit',
  first_transport: 'first transport', first_colonizer: 'first colonizer', first_defense: 'first defense',
};

/** The first moment each milestone became possible in the run. */
export function milestoneTimes(c: Catalogue, run: NewPlayerRun, workerArchetypes: readonly string[]): MilestoneTime[] {
  return MILESTONES.map((milestone) => ({
    milestone,
    first: [...run.possible].sort((a, b) => a.at - b.at).find((p) => IS[milestone](c, p, workerArchetypes)) ?? null,
  }));
}

/** The longest wait that began within the first `hours` (a wait still running at the end counts up to the end). */
export function longestWait(run: NewPlayerRun, hours: number): SimWait | null {
  return run.waits.filter((w) => w.from < hours * 3600).reduce<SimWait | null>((best, w) => (!best || w.to - w.from > best.to - best.from ? w : best), null);
}

/** Every bound of `bounds` against the run. */
export function checkBounds(run: NewPlayerRun, milestones: readonly MilestoneTime[], bounds: NewPlayerBounds): BoundCheck[] {
  const checks: BoundCheck[] = bounds.longest_wait.map(({ within_hours, max_minutes }) => {
    const w = longestWait(run, within_hours);
    const actual = w ? w.to - w.from : 0;
    return { label: `longest wait with nothing affordable, first ${within_hours} h`, limit: max_minutes * 60, actual, ok: actual < max_minutes * 60 };
  });
  for (const [milestone, hours] of Object.entries(bounds.milestones_within_hours) as [Milestone, number][]) {
    const actual = milestones.find((m) => m.milestone === milestone)?.first?.at ?? null;
    checks.push({ label: MILESTONE_LABELS[milestone], limit: hours * 3600, actual, ok: actual !== null && actual <= hours * 3600 });
  }
  return checks;
}

/**
 * The designer's new-player report: the catalogue played by the greedy player at the bounds'
 * universe speed for the bounds' hours, its milestones, and every bound checked.
 */
export function newPlayerReport(catalogue: Catalogue, bounds: NewPlayerBounds): NewPlayerReport {
  const c: Catalogue = { ...catalogue, universe: { ...catalogue.universe, universe_speed_factor: bounds.universe_speed_factor } };
  const run = simulateNewPlayer(c, bounds.simulated_hours);
  const milestones = milestoneTimes(c, run, bounds.worker_archetypes);
  const checks = checkBounds(run, milestones, bounds);
  return { run, milestones, checks, ok: checks.every((k) => k.ok) };
}
