import { hoursToAfford } from '@brood/game-data';
import type { Catalogue, ResourceKey } from '@brood/game-data';
import { canAfford } from '../economy/afford';
import type { Resources } from '../types';
import type { Candidate, SimKind } from '../sim/candidates';
import { goalDirected, greedy, type Planner, type PlannerName } from './planners';
import { advanceTo, candidatesOf, launchColonizer, newPlayer, nextDelivery, queueOf, QUEUE_OF, startItem, totalProduction, type Player } from './state';

/** One start of the long game. `fresh`: a new level or the first of a unit or defense kind. */
export interface LongStart {
  readonly at: number;
  readonly kind: SimKind;
  readonly key: string;
  readonly level: number;
  readonly territory: number;
  readonly fresh: boolean;
}

/** What the player had at the end of day `day` (1-based): production per hour, points, territories. */
export interface DaySample {
  readonly day: number;
  readonly production: Resources;
  readonly points: number;
  readonly territories: number;
}

export interface LongRun {
  readonly planner: PlannerName;
  readonly speed: number;
  readonly days: number;
  readonly starts: readonly LongStart[];
  /** first moment (seconds) each kind:key had its prerequisites met and its cost in stock */
  readonly possible: ReadonlyMap<string, number>;
  /** first moment each resource was produced */
  readonly produced: ReadonlyMap<ResourceKey, number>;
  readonly samples: readonly DaySample[];
  /** stretches with no new level and no first unit affordable anywhere */
  readonly waits: readonly { readonly from: number; readonly to: number }[];
  readonly colonies: readonly number[];
}

const DAY = 86400;
/** the shortest step of the simulation, in seconds: events closer than this are handled together */
const STEP = 1800;

/** Units that found colonies. */
const colonizers = (c: Catalogue) => Object.keys(c.units).filter((k) => c.units[k]!.recruitable && c.units[k]!.capabilities.includes('COLONIZE'));

function freeSlots(c: Catalogue, p: Player): number {
  const max = p.territories[0]!.economy.effects['max_territories'] ?? 1;
  const arks = colonizers(c);
  const owned = p.territories.reduce((n, t) => n + arks.reduce((m, k) => m + (t.units[k] ?? 0) + t.queues.recruitment.filter((q) => q.key === k).length, 0), 0);
  return max - p.territories.length - p.flights.length - owned;
}

/**
 * The long game: one player, from a new territory, played by a planner for `days` game days at the
 * catalogue's universe speed with the rules' own cost, time, production, storage, settle and
 * prerequisite functions. It founds a colony (a new territory with the universe's starting stock,
 * after `flightHours` at speed 1) whenever it holds a colonizer and a free territory slot, and
 * hatches a colonizer whenever a slot is free. No chance: the same catalogue gives the same run.
 */
export function simulateLongGame(c: Catalogue, plannerName: PlannerName, days: number, flightHours: number): LongRun {
  const horizon = days * DAY;
  const p = newPlayer(c);
  const possible = new Map<string, number>();
  const produced = new Map<ResourceKey, number>();
  const planner: Planner = plannerName === 'greedy' ? greedy : goalDirected(possible);
  const starts: LongStart[] = [];
  const samples: DaySample[] = [];
  const waits: { from: number; to: number }[] = [];
  const colonies: number[] = [];
  const arks = colonizers(c);
  let idleSince: number | null = null;
  let nextDay = DAY;
  const roomIn = (i: number, x: Candidate) => queueOf(p, i, QUEUE_OF[x.kind]).length < c.universe.queue_limits[QUEUE_OF[x.kind]];
  // a territory is looked at again when its holdings changed or when it can afford what it waited for
  const wake: number[] = [];
  const freshThere: boolean[] = [];
  let dirty: Set<number> | 'all' = 'all';
  for (;;) {
    p.territories.forEach((t, i) => {
      if (dirty !== 'all' && !dirty.has(i) && p.t < (wake[i] ?? 0)) return;
      wake[i] = Number.POSITIVE_INFINITY;
      freshThere[i] = false;
      for (;;) {
        const all = candidatesOf(c, p, i);
        const slots = freeSlots(c, p);
        const met = all.filter((x) => x.met).map((x) => (arks.includes(x.key) && slots > 0 ? { ...x, useful: true } : x));
        const affordable = met.filter((x) => canAfford(t.stock, x.cost));
        for (const x of affordable) if (!possible.has(`${x.kind}:${x.key}`)) possible.set(`${x.kind}:${x.key}`, p.t);
        // something new was affordable here at this moment (started or not)
        if (affordable.some((x) => x.useful && !arks.includes(x.key))) freshThere[i] = true;
        const pick = planner(c, p, i, affordable.filter((x) => x.useful && roomIn(i, x)), met);
        if (!pick) {
          for (const x of met) {
            if (x.useful && !canAfford(t.stock, x.cost)) wake[i] = Math.min(wake[i]!, p.t + Math.ceil(hoursToAfford(x.cost, { name: '', stock: t.stock, income: t.economy.rates, storage: t.economy.storage }) * 3600));
          }
          break;
        }
        const fresh = pick.kind === 'structure' || pick.kind === 'technology' || (all.find((x) => x.key === pick.key)?.useful ?? false);
        startItem(c, p, i, pick);
        starts.push({ at: p.t, kind: pick.kind, key: pick.key, level: pick.level, territory: i, fresh });
      }
    });
    const maxTerritories = p.territories[0]!.economy.effects['max_territories'] ?? 1;
    for (const [i, t] of p.territories.entries()) {
      for (const k of arks) while ((t.units[k] ?? 0) > 0 && p.territories.length + p.flights.length < maxTerritories) launchColonizer(c, p, i, k, flightHours);
    }
    for (const [r, v] of Object.entries(totalProduction(p)) as [ResourceKey, number][]) if (v > 0 && !produced.has(r)) produced.set(r, p.t);
    const anyFresh = freshThere.some((x) => x);
    if (!anyFresh && idleSince === null) idleSince = p.t;
    if (anyFresh && idleSince !== null) {
      waits.push({ from: idleSince, to: p.t });
      idleSince = null;
    }
    while (p.t >= nextDay && nextDay <= horizon) {
      samples.push({ day: nextDay / DAY, production: totalProduction(p), points: p.points, territories: p.territories.length });
      nextDay += DAY;
    }
    if (p.t >= horizon) break;
    const next = Math.min(horizon, nextDay, nextDelivery(p), ...wake);
    dirty = advanceTo(c, p, Math.min(horizon, Math.max(p.t + STEP, next)), (at) => colonies.push(at));
  }
  if (idleSince !== null && idleSince < horizon) waits.push({ from: idleSince, to: horizon });
  return { planner: plannerName, speed: c.universe.universe_speed_factor, days, starts, possible, produced, samples, waits, colonies };
}
