import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue, loadNewPlayerBounds } from '@brood/game-data';
import { costAtLevel } from '../economy/cost';
import { structureTime } from '../economy/time';
import { simulateNewPlayer } from './new-player';
import { candidates } from './candidates';
import { checkBounds, longestWait, milestoneTimes, newPlayerReport } from './timeline';
import { formatNewPlayer, renderNewPlayerHtml } from './report';

const catalogue = loadCatalogue();
const bounds = loadNewPlayerBounds();

describe('the new player on the shipped catalogue', () => {
  const report = newPlayerReport(catalogue, bounds);

  it('meets every bound of data/new-player.json at its universe speed', () => {
    expect(bounds.universe_speed_factor).toBe(1);
    expect(report.checks.filter((k) => !k.ok)).toEqual([]);
    expect(report.checks.map((k) => k.label)).toEqual([
      'longest wait with nothing affordable, first 1 h', 'longest wait with nothing affordable, first 24 h',
      'first research', 'first combat unit', 'first colonizer',
    ]);
  });

  it('reaches every milestone within the simulated days', () => {
    for (const m of report.milestones) expect(m.first, m.milestone).not.toBeNull();
    const first = Object.fromEntries(report.milestones.map((m) => [m.milestone, m.first!.key]));
    expect(first).toMatchObject({ first_research: 'echo_sensing', first_combat_unit: 'razorwing', first_transport: 'hauler_grub', first_colonizer: 'seedling_ark' });
  });

  it('prints and draws the timeline', () => {
    expect(formatNewPlayer(report, bounds)).toMatch(/ok {3}first research: \d+m \(bound 15m\)/);
    const html = renderNewPlayerHtml(report, bounds);
    expect(html).toContain('<svg');
    expect(html).toContain('Seedling Ark');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
  });
});

describe('simulateNewPlayer', () => {
  const run = simulateNewPlayer(catalogue, 6);

  it('starts with what the starting stock affords, cheapest first, up to the build queue limit', () => {
    const first = run.starts.filter((s) => s.at === 0);
    expect(first.map((s) => `${s.key} ${s.level}`)).toEqual(['fiber_tangle 1', 'crystal_geode 1', 'fiber_tangle 2', 'crystal_geode 2', 'biomass_vat 1']);
    expect(first.length).toBe(catalogue.universe.queue_limits.build);
  });

  it('runs each queue one item after another and pays what the rules charge', () => {
    for (const kind of ['structure', 'technology'] as const) {
      const items = run.starts.filter((s) => s.kind === kind);
      for (let i = 1; i < items.length; i++) expect(items[i]!.end).toBeGreaterThan(items[i - 1]!.end);
    }
    // the first five builds, before any construction speed: each takes the rules' time after the one before
    const builds = run.starts.filter((s) => s.at === 0);
    builds.forEach((b, i) => expect(b.end - (i === 0 ? 0 : builds[i - 1]!.end)).toBe(structureTime(catalogue.structures[b.key]!, b.level)));
    const paid = builds.reduce((sum, b) => sum + (costAtLevel(catalogue.structures[b.key]!, b.level).fiber ?? 0), 0);
    expect(run.samples[0]!.stock.fiber).toBe((catalogue.universe.starting_stock.fiber ?? 0) - paid);
  });

  it('never starts anything before its prerequisites are built', () => {
    const builtAt = (key: string, level: number) => run.starts.find((s) => s.kind === 'structure' && s.key === key && s.level === level)?.end ?? Infinity;
    const hatchery = run.starts.find((s) => s.key === 'brood_hatchery')!;
    expect(hatchery.at).toBeGreaterThanOrEqual(builtAt('builder_hive', 1));
    const research = run.starts.find((s) => s.kind === 'technology')!;
    expect(research.at).toBeGreaterThanOrEqual(builtAt('cortex_nest', 1));
  });

  it('is deterministic', () => {
    expect(simulateNewPlayer(catalogue, 6)).toEqual(run);
  });

  it('finds the walls of a catalogue that starts poor', () => {
    const poor = loadCatalogue({ universe: { starting_stock: { fiber: 100, crystal: 30 }, base_income_per_hour: { fiber: 10, crystal: 5 } } });
    const r = newPlayerReport(poor, bounds);
    expect(r.ok).toBe(false);
    expect(r.checks.find((k) => k.label === 'first research')!.ok).toBe(false);
    expect(longestWait(r.run, 1)!.to - longestWait(r.run, 1)!.from).toBeGreaterThan(600);
  });
});

describe('properties', () => {
  it('for any starting stock and income the run keeps its invariants', () => {
    const amount = fc.integer({ min: 0, max: 5000 });
    // [51, 6, 0, 3]: a player who runs out of things to afford at the last instant once had a wait of no length
    fc.assert(fc.property(amount, amount, amount, fc.integer({ min: 1, max: 3000 }), (fiber, crystal, biomass, income) => {
      const c = loadCatalogue({ universe: { starting_stock: { fiber, crystal, biomass }, base_income_per_hour: { fiber: income, crystal: income, biomass: income / 4 } } });
      const r = simulateNewPlayer(c, 3);
      // waits are ordered, disjoint and inside the run
      for (let i = 0; i < r.waits.length; i++) {
        expect(r.waits[i]!.to).toBeGreaterThan(r.waits[i]!.from);
        expect(r.waits[i]!.to).toBeLessThanOrEqual(r.horizon);
        if (i > 0) expect(r.waits[i]!.from).toBeGreaterThanOrEqual(r.waits[i - 1]!.to);
      }
      // the stock never goes negative, and nothing starts before it was possible
      for (const s of r.samples) for (const v of Object.values(s.stock)) expect(v).toBeGreaterThanOrEqual(0);
      for (const s of r.starts) expect(r.possible.find((p) => p.kind === s.kind && p.key === s.key)!.at).toBeLessThanOrEqual(s.at);
      // milestones are the earliest possible moment of their kind
      const first = milestoneTimes(c, r, bounds.worker_archetypes).find((m) => m.milestone === 'first_structure')!.first;
      if (first) expect(first.at).toBe(Math.min(...r.possible.filter((p) => p.kind === 'structure').map((p) => p.at)));
      expect(checkBounds(r, [], { ...bounds, milestones_within_hours: {} }).length).toBe(bounds.longest_wait.length);
    }), { numRuns: 15, examples: [[51, 6, 0, 3]] });
  });

  it('candidates offer one next level per structure and technology below its max', () => {
    const all = candidates(catalogue, { structures: { fiber_tangle: 30 }, technologies: {}, units: {}, defenses: {}, queues: { build: [], research: [], recruitment: [], defense: [] } });
    expect(all.find((x) => x.key === 'fiber_tangle')).toBeUndefined();
    expect(all.filter((x) => x.kind === 'structure').length).toBe(Object.keys(catalogue.structures).length - 1);
    expect(all.find((x) => x.key === 'cortex_nest')).toMatchObject({ level: 1, met: true, useful: true });
  });
});
