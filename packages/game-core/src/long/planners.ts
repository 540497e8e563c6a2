import type { Catalogue, Prerequisites } from '@brood/game-data';
import { scorePoints } from '../scores/scores';
import type { Candidate } from '../sim/candidates';
import type { Player } from './state';

/** A planner picks the next thing territory `i` starts among what it can afford now (queue room included), or nothing. */
export type Planner = (c: Catalogue, p: Player, i: number, affordable: readonly Candidate[], all: readonly Candidate[]) => Candidate | undefined;
export type PlannerName = 'greedy' | 'goal';

const cheapest = (c: Catalogue, list: readonly Candidate[]) =>
  list.map((x) => ({ x, points: scorePoints(c, x.cost) })).sort((a, b) => a.points - b.points || a.x.key.localeCompare(b.x.key))[0]?.x;

/** The greedy economy: always the cheapest useful thing (by score points), as the new-player check plays. */
export const greedy: Planner = (c, _p, _i, affordable) => cheapest(c, affordable);

type Entry = { kind: 'structure' | 'technology' | 'unit' | 'defense'; key: string; tier: number; prerequisites: Prerequisites; cost: Candidate['cost'] };

function entries(c: Catalogue): Entry[] {
  const first = (d: { cost_base: Candidate['cost'] }) => d.cost_base;
  return [
    ...Object.entries(c.structures).map(([key, d]) => ({ kind: 'structure' as const, key, tier: d.tier, prerequisites: d.prerequisites, cost: first(d) })),
    ...Object.entries(c.technologies).map(([key, d]) => ({ kind: 'technology' as const, key, tier: d.tier, prerequisites: d.prerequisites, cost: first(d) })),
    ...Object.entries(c.units).filter(([, d]) => d.recruitable).map(([key, d]) => ({ kind: 'unit' as const, key, tier: d.tier, prerequisites: d.prerequisites, cost: d.cost })),
    ...Object.entries(c.defenses).map(([key, d]) => ({ kind: 'defense' as const, key, tier: d.tier, prerequisites: d.prerequisites, cost: d.cost })),
  ];
}

/** The levels (kind:key -> level) the home territory and the player still lack for `goal`, prerequisites of prerequisites included. */
function steps(c: Catalogue, p: Player, goal: Entry): Map<string, number> {
  const need = new Map<string, number>();
  const home = p.territories[0]!;
  const visit = (prereqs: Prerequisites) => {
    for (const [kind, levels, have, defs] of [
      ['structure', prereqs.structures, home.structures, c.structures],
      ['technology', prereqs.technologies, p.technologies, c.technologies],
    ] as const) {
      for (const [key, level] of Object.entries(levels)) {
        if ((have[key] ?? 0) >= level) continue;
        const id = `${kind}:${key}`;
        if ((need.get(id) ?? 0) >= level) continue;
        need.set(id, level);
        const def = defs[key];
        if (def) visit(def.prerequisites);
      }
    }
  };
  visit(goal.prerequisites);
  need.set(`${goal.kind}:${goal.key}`, goal.kind === 'unit' || goal.kind === 'defense' ? 1 : Math.max(1, need.get(`${goal.kind}:${goal.key}`) ?? 1));
  return need;
}

const isEconomy = (c: Catalogue, x: Candidate) => {
  const d = x.kind === 'structure' ? c.structures[x.key] : undefined;
  return !!d && (!!d.production || d.effects.some((e) => e.effect.startsWith('storage.')));
};

/**
 * The goal-directed planner: it takes the cheapest entry of the lowest tier it has never been able
 * to start as its goal, and on the home territory starts the missing prerequisites first. While a
 * step it could start waits for resources, it only grows producers and storage costing at most a
 * quarter of that step; once every step is queued, or on a colony, it plays greedy.
 */
export function goalDirected(seen: { has(key: string): boolean }): Planner {
  let all: Entry[] | undefined;
  return (c, p, i, affordable, candidates) => {
    if (i > 0) return greedy(c, p, i, affordable, candidates);
    all ??= entries(c);
    const open = all.filter((e) => !seen.has(`${e.kind}:${e.key}`));
    const tier = Math.min(...open.map((e) => e.tier));
    const goal = open.filter((e) => e.tier === tier).sort((a, b) => scorePoints(c, a.cost) - scorePoints(c, b.cost) || a.key.localeCompare(b.key))[0];
    if (!goal) return greedy(c, p, i, affordable, candidates);
    const need = steps(c, p, goal);
    const isStep = (x: Candidate) => x.level <= (need.get(`${x.kind}:${x.key}`) ?? 0);
    const step = cheapest(c, affordable.filter(isStep));
    if (step) return step;
    const blocked = cheapest(c, candidates.filter((x) => x.met && isStep(x)));
    if (!blocked) return greedy(c, p, i, affordable, candidates);
    const budget = scorePoints(c, blocked.cost) / 4;
    return cheapest(c, affordable.filter((x) => isEconomy(c, x) && scorePoints(c, x.cost) <= budget));
  };
}
