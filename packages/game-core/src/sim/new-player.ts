import { hoursToAfford } from '@brood/game-data';
import type { Catalogue } from '@brood/game-data';
import { canAfford } from '../economy/afford';
import { territoryEconomy, type TerritoryEconomy } from '../economy/production';
import { subtractResources } from '../economy/resources';
import { isStarving, settle } from '../economy/settle';
import { researchSpeedModifier, researchTime, speedModifier, structureTime, unitTime } from '../economy/time';
import { scorePoints } from '../scores/scores';
import type { Resources } from '../types';
import { candidates, QUEUE_OF, type Candidate, type SimItem, type SimKind, type SimQueue } from './candidates';

/** One thing the simulated player started. Times are seconds since the territory was founded. */
export interface SimStart {
  readonly at: number;
  readonly kind: SimKind;
  readonly key: string;
  readonly name: string;
  readonly level: number;
  readonly end: number;
}

/** The first moment an entry could be started: prerequisites met and its cost in stock (queue room aside). */
export interface SimPossible {
  readonly at: number;
  readonly kind: SimKind;
  readonly key: string;
  readonly name: string;
}

/** A stretch during which nothing with met prerequisites was affordable. */
export interface SimWait {
  readonly from: number;
  readonly to: number;
}

export interface NewPlayerRun {
  /** seconds simulated */
  readonly horizon: number;
  readonly starts: readonly SimStart[];
  readonly possible: readonly SimPossible[];
  readonly waits: readonly SimWait[];
  /** the stock at every moment the simulation stopped at (for charts) */
  readonly samples: readonly { readonly at: number; readonly stock: Resources }[];
}

interface State {
  t: number;
  stock: Resources;
  structures: Record<string, number>;
  technologies: Record<string, number>;
  units: Record<string, number>;
  defenses: Record<string, number>;
  queues: Record<SimQueue, SimItem[]>;
  economy: TerritoryEconomy;
}

const HOLDING: Readonly<Record<SimKind, 'structures' | 'technologies' | 'units' | 'defenses'>> = { structure: 'structures', technology: 'technologies', unit: 'units', defense: 'defenses' };
const MS = 1000;

function economyOf(c: Catalogue, s: State): TerritoryEconomy {
  return territoryEconomy(c, s.structures, s.technologies, s.units);
}

/** Settles the stock to `to`, delivering every queued item that ends on the way (rates change at each). */
function advance(c: Catalogue, s: State, to: number): void {
  for (;;) {
    const due = Object.values(s.queues).map((q) => q[0]).filter((i): i is SimItem => !!i && i.end <= to).sort((a, b) => a.end - b.end)[0];
    if (!due) break;
    s.stock = settle(s.stock, s.economy.rates, s.economy.storage, s.t * MS, due.end * MS);
    s.t = due.end;
    s.queues[QUEUE_OF[due.kind]].shift();
    const holding = s[HOLDING[due.kind]];
    holding[due.key] = due.kind === 'structure' || due.kind === 'technology' ? due.level : (holding[due.key] ?? 0) + 1;
    s.economy = economyOf(c, s);
  }
  s.stock = settle(s.stock, s.economy.rates, s.economy.storage, s.t * MS, to * MS);
  s.t = to;
}

/** Seconds the item takes under the rules' modifiers at the moment it is queued. */
function duration(c: Catalogue, s: State, x: Candidate): number {
  const speed = c.universe.universe_speed_factor;
  const effects = s.economy.effects;
  switch (x.kind) {
    case 'structure': return structureTime(c.structures[x.key]!, x.level, speedModifier(effects, 'construction_speed'), speed);
    case 'technology': return researchTime(c.technologies[x.key]!, x.level, researchSpeedModifier(c, s.technologies, [s.structures]), speed);
    case 'unit':
    case 'defense': {
      const def = x.kind === 'unit' ? c.units[x.key]! : c.defenses[x.key]!;
      const starving = isStarving(s.stock, s.economy.rates) ? c.universe.starving_production_factor : 1;
      return unitTime(def, speedModifier(effects, x.kind === 'unit' ? 'unit_production_speed' : 'defense_production_speed'), speed, starving);
    }
  }
}

function start(c: Catalogue, s: State, x: Candidate): SimStart {
  const queue = s.queues[QUEUE_OF[x.kind]];
  const begin = Math.max(s.t, queue.at(-1)?.end ?? 0);
  const end = begin + duration(c, s, x);
  s.stock = subtractResources(s.stock, x.cost);
  queue.push({ kind: x.kind, key: x.key, level: x.level, start: begin, end });
  return { at: s.t, kind: x.kind, key: x.key, name: x.name, level: x.level, end };
}

/**
 * A greedy new player on one territory: at every moment it starts the cheapest useful thing it can
 * (prerequisites met, affordable, room in that queue; cheapest by score points), as often as it can,
 * then waits for the next delivery or for the next thing to become affordable. Uses the rules'
 * own functions for cost, time, production, storage, settle, prerequisites and affordability.
 */
export function simulateNewPlayer(c: Catalogue, hours: number): NewPlayerRun {
  const horizon = Math.round(hours * 3600);
  const s: State = {
    t: 0, stock: { ...c.universe.starting_stock }, structures: { ...c.universe.starting_structures }, technologies: {}, units: {}, defenses: {},
    queues: { build: [], research: [], recruitment: [], defense: [] }, economy: territoryEconomy(c, c.universe.starting_structures, {}),
  };
  const limits = c.universe.queue_limits;
  const room: Record<SimQueue, number> = { build: limits.build, research: limits.research, recruitment: limits.recruitment, defense: limits.defense };
  const starts: SimStart[] = [];
  const possible = new Map<string, SimPossible>();
  const waits: SimWait[] = [];
  const samples: { at: number; stock: Resources }[] = [];
  let idleSince: number | null = null;
  const affordable = () => candidates(c, s).filter((x) => x.met && canAfford(s.stock, x.cost));
  for (;;) {
    const now = affordable();
    for (const x of now) if (!possible.has(`${x.kind}:${x.key}`)) possible.set(`${x.kind}:${x.key}`, { at: s.t, kind: x.kind, key: x.key, name: x.name });
    if (now.length > 0 && idleSince !== null) {
      waits.push({ from: idleSince, to: s.t });
      idleSince = null;
    }
    for (;;) {
      const next = affordable().filter((x) => x.useful && s.queues[QUEUE_OF[x.kind]].length < room[QUEUE_OF[x.kind]])
        .map((x) => ({ x, points: scorePoints(c, x.cost) })).sort((a, b) => a.points - b.points)[0];
      if (!next) break;
      starts.push(start(c, s, next.x));
    }
    samples.push({ at: s.t, stock: { ...s.stock } });
    const left = candidates(c, s).filter((x) => x.met);
    if (idleSince === null && left.every((x) => !canAfford(s.stock, x.cost))) idleSince = s.t;
    if (s.t >= horizon) break;
    const rates = s.economy.rates;
    const times = [
      ...Object.values(s.queues).flatMap((q) => (q[0] ? [q[0].end] : [])),
      ...left.filter((x) => !canAfford(s.stock, x.cost))
        .map((x) => s.t + Math.ceil(hoursToAfford(x.cost, { name: '', stock: s.stock, income: rates, storage: s.economy.storage }) * 3600)),
    ].filter((at) => Number.isFinite(at));
    advance(c, s, Math.min(horizon, Math.max(s.t + 1, ...(times.length ? [Math.min(...times)] : [horizon]))));
  }
  // a player idle only from the last instant has not waited at all
  if (idleSince !== null && idleSince < horizon) waits.push({ from: idleSince, to: horizon });
  return { horizon, starts, possible: [...possible.values()], waits, samples };
}
