import type { Catalogue, ResourceAmounts } from '@brood/game-data';
import { territoryEconomy, type TerritoryEconomy } from '../economy/production';
import { settle, isStarving } from '../economy/settle';
import { researchSpeedModifier, researchTime, speedModifier, structureTime, unitTime } from '../economy/time';
import { addResources, subtractResources } from '../economy/resources';
import { scorePoints } from '../scores/scores';
import type { Resources } from '../types';
import { candidates, QUEUE_OF, type Candidate, type SimKind, type SimQueue } from '../sim/candidates';

/** A queued item of the long game, with what it cost (points count when it is delivered). */
export interface LongItem {
  readonly kind: SimKind;
  readonly key: string;
  readonly level: number;
  readonly start: number;
  readonly end: number;
  readonly cost: ResourceAmounts;
  /** the territory that paid and holds it */
  readonly territory: number;
}

export interface Territory {
  stock: Resources;
  structures: Record<string, number>;
  units: Record<string, number>;
  defenses: Record<string, number>;
  queues: { build: LongItem[]; recruitment: LongItem[]; defense: LongItem[] };
  economy: TerritoryEconomy;
}

/** The simulated player: territories (the first is home), shared technologies and research queue. */
export interface Player {
  t: number;
  territories: Territory[];
  technologies: Record<string, number>;
  research: LongItem[];
  /** colonizers under way: when each lands */
  flights: number[];
  points: number;
}

const MS = 1000;
const HOLDING = { structure: 'structures', unit: 'units', defense: 'defenses' } as const;

export function queueOf(p: Player, i: number, q: SimQueue): LongItem[] {
  return q === 'research' ? p.research : p.territories[i]!.queues[q];
}

export function refreshEconomy(c: Catalogue, p: Player): void {
  p.territories.forEach((t, i) => {
    const others = p.territories.filter((_, j) => j !== i).map((o) => o.structures);
    t.economy = territoryEconomy(c, t.structures, p.technologies, t.units, others);
  });
}

export function newTerritory(c: Catalogue): Territory {
  return {
    stock: { ...c.universe.starting_stock }, structures: { ...c.universe.starting_structures }, units: {}, defenses: {},
    queues: { build: [], recruitment: [], defense: [] }, economy: territoryEconomy(c, c.universe.starting_structures, {}),
  };
}

export function newPlayer(c: Catalogue): Player {
  return { t: 0, territories: [newTerritory(c)], technologies: {}, research: [], flights: [], points: 0 };
}

/** What territory `i` could start next (technologies through the shared research queue). */
export function candidatesOf(c: Catalogue, p: Player, i: number): Candidate[] {
  const t = p.territories[i]!;
  return candidates(c, { structures: t.structures, technologies: p.technologies, units: t.units, defenses: t.defenses, queues: { ...t.queues, research: p.research } });
}

function allQueues(p: Player): LongItem[][] {
  return [p.research, ...p.territories.flatMap((t) => [t.queues.build, t.queues.recruitment, t.queues.defense])];
}

/** The next delivery of any queue, or Infinity. */
export function nextDelivery(p: Player): number {
  let next = Math.min(Number.POSITIVE_INFINITY, ...p.flights);
  for (const q of allQueues(p)) if (q[0] && q[0].end < next) next = q[0].end;
  return next;
}

function settleAll(p: Player, to: number): void {
  for (const t of p.territories) t.stock = settle(t.stock, t.economy.rates, t.economy.storage, p.t * MS, to * MS);
  p.t = to;
}

const playerScoped = (c: Catalogue, item: LongItem) => item.kind === 'technology' || (item.kind === 'structure' && (c.structures[item.key]?.effects.some((e) => e.scope === 'player') ?? false));

/**
 * Settles every territory to `to`, delivering items and landing colonizers on the way (rates change
 * at each). Returns the territories whose holdings changed ('all' when a player-wide effect did).
 */
export function advanceTo(c: Catalogue, p: Player, to: number, onColony: (at: number) => void): Set<number> | 'all' {
  let changed: Set<number> | 'all' = new Set();
  for (;;) {
    const due = nextDelivery(p);
    if (due > to) break;
    settleAll(p, due);
    const landing = p.flights.indexOf(due);
    const touched = new Set<number>();
    let all = false;
    if (landing >= 0) {
      p.flights.splice(landing, 1);
      p.territories.push(newTerritory(c));
      onColony(due);
      all = true;
    }
    for (const q of allQueues(p)) {
      while (q[0] && q[0].end <= due) {
        const item = q.shift()!;
        p.points += scorePoints(c, item.cost);
        if (item.kind === 'technology') p.technologies[item.key] = item.level;
        else {
          const holding = p.territories[item.territory]![HOLDING[item.kind]];
          holding[item.key] = item.kind === 'structure' ? item.level : (holding[item.key] ?? 0) + 1;
        }
        if (playerScoped(c, item)) all = true;
        touched.add(item.territory);
      }
    }
    if (all) refreshEconomy(c, p);
    else for (const i of touched) refreshOne(c, p, i);
    if (all || changed === 'all') changed = 'all';
    else for (const i of touched) changed.add(i);
  }
  settleAll(p, to);
  return changed;
}

function refreshOne(c: Catalogue, p: Player, i: number): void {
  const t = p.territories[i]!;
  t.economy = territoryEconomy(c, t.structures, p.technologies, t.units, p.territories.filter((_, j) => j !== i).map((o) => o.structures));
}

function duration(c: Catalogue, p: Player, i: number, x: Candidate): number {
  const speed = c.universe.universe_speed_factor;
  const t = p.territories[i]!;
  switch (x.kind) {
    case 'structure': return structureTime(c.structures[x.key]!, x.level, speedModifier(t.economy.effects, 'construction_speed'), speed);
    case 'technology': return researchTime(c.technologies[x.key]!, x.level, researchSpeedModifier(c, p.technologies, p.territories.map((o) => o.structures)), speed);
    default: {
      const def = x.kind === 'unit' ? c.units[x.key]! : c.defenses[x.key]!;
      const starving = isStarving(t.stock, t.economy.rates) ? c.universe.starving_production_factor : 1;
      return unitTime(def, speedModifier(t.economy.effects, x.kind === 'unit' ? 'unit_production_speed' : 'defense_production_speed'), speed, starving);
    }
  }
}

/** Pays for `x` from territory `i` and queues it; returns when it ends. */
export function startItem(c: Catalogue, p: Player, i: number, x: Candidate): LongItem {
  const queue = queueOf(p, i, QUEUE_OF[x.kind]);
  const begin = Math.max(p.t, queue.at(-1)?.end ?? 0);
  const item: LongItem = { kind: x.kind, key: x.key, level: x.level, start: begin, end: begin + duration(c, p, i, x), cost: x.cost, territory: i };
  const t = p.territories[i]!;
  t.stock = subtractResources(t.stock, x.cost);
  queue.push(item);
  return item;
}

/** Sends a colonizer of territory `i` off to found a colony (it lands after the flight). */
export function launchColonizer(c: Catalogue, p: Player, i: number, unit: string, flightHours: number): void {
  const t = p.territories[i]!;
  t.units[unit] = (t.units[unit] ?? 0) - 1;
  p.flights.push(p.t + Math.max(1, Math.round((flightHours * 3600) / c.universe.universe_speed_factor)));
}

/** Total production per hour of every territory. */
export function totalProduction(p: Player): Resources {
  return p.territories.reduce<Resources>((sum, t) => addResources(sum, t.economy.production), {});
}

export { QUEUE_OF };
