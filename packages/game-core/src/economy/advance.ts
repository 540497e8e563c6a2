import type { Catalogue } from '@brood/game-data';
import type { Levels } from '../types';
import { territoryEconomy, type TerritoryEconomy } from './production';
import { settle } from './settle';

/**
 * Bringing a territory to a time t: resources accrue at the rates of each stretch of time, and the
 * queue items due in (updatedAt, t] are delivered in time order (a finished structure produces from
 * its end time on; a batch delivers one unit every durationPerItemS). The server's reads, commands and
 * worker all settle through this, so what a player sees never depends on whether the worker ran.
 * Instants are epoch milliseconds, durations seconds (this module never reads the clock).
 */

type Amounts = Record<string, number>;

export interface TerritoryState {
  resources: Amounts;
  structures: Amounts;
  units: Amounts;
  defenses: Amounts;
  /** epoch ms: the instant the stock was last settled to */
  updatedAt: number;
}

/** A settled territory: its state at t and what it makes of it. */
export interface SettledTerritory {
  state: TerritoryState;
  /** The owner's technology levels at t. */
  technologies: Amounts;
  /** Effects, production, storage and upkeep at t. */
  economy: TerritoryEconomy;
}

/** A finished research: the owner's technology reaches targetLevel at endTime. */
export interface ResearchChange {
  readonly itemKey: string;
  readonly targetLevel?: number | null;
  /** epoch ms */
  readonly endTime: number;
}

/** An item of one of the territory's queues (the shape of a queue_items row). */
export interface TerritoryQueueItem {
  readonly kind: 'building' | 'research' | 'recruitment' | 'defense';
  readonly itemKey: string;
  /** building: the level reached at endTime */
  readonly targetLevel?: number | null;
  /** recruitment and defense: the batch size */
  readonly quantity?: number | null;
  /** recruitment and defense: one unit is delivered every this many seconds from startTime */
  readonly durationPerItemS?: number | null;
  /** epoch ms */
  readonly startTime: number;
  /** epoch ms */
  readonly endTime: number;
}

/** A batch delivered in more steps than this is handed over in this many even steps (only upkeep timing blurs). */
const MAX_STEPS_PER_BATCH = 240;

interface Delivery {
  at: number;
  apply: (s: TerritoryState, techs: Amounts) => void;
}

/** Technology levels at `at` (epoch ms): a level is the highest target whose research ended by then. */
export function technologiesAt(research: readonly ResearchChange[], at: number): Amounts {
  const levels: Amounts = {};
  for (const r of research) {
    if (r.endTime <= at && r.targetLevel != null) levels[r.itemKey] = Math.max(levels[r.itemKey] ?? 0, r.targetLevel);
  }
  return levels;
}

/** How many units of a batch have been delivered by `at` (epoch ms): one every durationPerItemS, at most quantity. */
export function deliveredBy(item: TerritoryQueueItem, at: number): number {
  const step = (item.durationPerItemS ?? 1) * 1000;
  return Math.max(0, Math.min(item.quantity ?? 0, Math.floor((at - item.startTime) / step)));
}

function batchDeliveries(item: TerritoryQueueItem, from: number, to: number): Delivery[] {
  const step = (item.durationPerItemS ?? 1) * 1000;
  const start = item.startTime;
  const first = deliveredBy(item, from) + 1;
  const last = deliveredBy(item, to);
  if (last < first) return [];
  const target = item.kind === 'recruitment' ? 'units' : 'defenses';
  const count = last - first + 1;
  const steps = Math.min(count, MAX_STEPS_PER_BATCH);
  const out: Delivery[] = [];
  let delivered = 0;
  for (let i = 1; i <= steps; i += 1) {
    const upTo = Math.round((count * i) / steps);
    const n = upTo - delivered;
    delivered = upTo;
    const at = start + (first - 1 + upTo) * step;
    out.push({ at, apply: (s) => void (s[target][item.itemKey] = (s[target][item.itemKey] ?? 0) + n) });
  }
  return out;
}

function deliveriesIn(items: readonly TerritoryQueueItem[], research: readonly ResearchChange[], from: number, to: number): Delivery[] {
  const out: Delivery[] = [];
  const inWindow = (at: number) => at > from && at <= to;
  for (const item of items) {
    const level = item.targetLevel;
    if (item.kind === 'building' && level != null && inWindow(item.endTime)) {
      out.push({ at: item.endTime, apply: (x) => void (x.structures[item.itemKey] = Math.max(x.structures[item.itemKey] ?? 0, level)) });
    } else if (item.kind === 'recruitment' || item.kind === 'defense') {
      out.push(...batchDeliveries(item, from, to));
    }
  }
  for (const r of research) {
    const level = r.targetLevel;
    if (level != null && inWindow(r.endTime)) {
      out.push({ at: r.endTime, apply: (_x, techs) => void (techs[r.itemKey] = Math.max(techs[r.itemKey] ?? 0, level)) });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * `state` advanced to `t` given the territory's queue items and the owner's research history (items
 * may include ones outside the window; only those due in (updatedAt, t] apply). `otherTerritories` are
 * the structures of the owner's other territories (their player-scope effects count here too).
 * Settling to a time at or before updatedAt changes nothing.
 */
export function advanceTerritory(
  catalogue: Catalogue,
  state: TerritoryState,
  items: readonly TerritoryQueueItem[],
  research: readonly ResearchChange[],
  t: number,
  otherTerritories: readonly Levels[] = [],
): SettledTerritory {
  const economy = (x: TerritoryState, techs: Amounts) => territoryEconomy(catalogue, x.structures, techs, x.units, otherTerritories);
  const from = state.updatedAt;
  const to = t;
  const s: TerritoryState = {
    resources: { ...state.resources },
    structures: { ...state.structures },
    units: { ...state.units },
    defenses: { ...state.defenses },
    updatedAt: state.updatedAt,
  };
  const techs = technologiesAt(research, Math.min(from, to));
  if (to > from) {
    let clock = from;
    for (const d of deliveriesIn(items, research, from, to)) {
      if (d.at > clock) {
        const e = economy(s, techs);
        s.resources = settle(s.resources, e.rates, e.storage, clock, d.at) as Amounts;
        clock = d.at;
      }
      d.apply(s, techs);
    }
    const e = economy(s, techs);
    s.resources = settle(s.resources, e.rates, e.storage, clock, to) as Amounts;
    s.updatedAt = t;
    // The economy reads structures, technologies and units, which accruing leaves alone: still e.
    return { state: s, technologies: techs, economy: e };
  }
  return { state: s, technologies: techs, economy: economy(s, techs) };
}
