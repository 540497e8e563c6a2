import { explainAffordability, type UnmetPrerequisite } from '@brood/game-core';
import type { LevelledModel } from '../../components/catalogue/levelled-model';

/** One structure or technology as the guide sees it: its card model from game-core's rules. */
export interface GuideEntry {
  kind: 'structure' | 'technology';
  key: string;
  name: string;
  model: LevelledModel;
}

export interface GuideStep {
  kind: GuideEntry['kind'];
  key: string;
  name: string;
  /** The card button's own label ('Build (Lvl 1)', 'Upgrade to Lvl 2', 'Research (Lvl 1)'). */
  action: string;
}

export interface GuideUnlock {
  kind: GuideEntry['kind'];
  key: string;
  name: string;
  /** What is still missing, each a jump to its card. */
  unmet: readonly UnmetPrerequisite[];
}

export interface GuideSteps {
  /** Startable now: new things (nothing built or queued yet) before upgrades, each group cheapest first. */
  ready: GuideStep[];
  /** When nothing is startable: the unlocked item that becomes affordable soonest, and in how many seconds. */
  soonest: (GuideStep & { seconds: number }) | null;
  /** The locked item (never built) closest to unlocking. */
  next: GuideUnlock | null;
}

export const READY_SHOWN = 3;

const total = (cost: Partial<Record<string, number>> | null) => Object.values(cost ?? {}).reduce<number>((sum, v) => sum + (v ?? 0), 0);
const missingLevels = (unmet: readonly UnmetPrerequisite[]) => unmet.reduce((sum, p) => sum + Math.max(0, p.required - p.current), 0);
const step = (e: GuideEntry): GuideStep => ({ kind: e.kind, key: e.key, name: e.name, action: e.model.button.label });

/**
 * Seconds until `stock` growing at `ratesPerHour` covers `cost`; null when some resource does not grow.
 * Storage caps are ignored: the guide only ranks what comes first.
 */
export function secondsUntilAffordable(cost: Partial<Record<string, number>>, stock: Readonly<Record<string, number>>, ratesPerHour: Readonly<Partial<Record<string, number>>>): number | null {
  return explainAffordability(cost, stock, ratesPerHour, {}, { structures: {} }).affordableInSeconds;
}

/**
 * The 'next steps' of a player: what the cards would let them start now (something new before another
 * level of what they have, cheapest first), and the
 * locked thing nearest to unlocking (fewest missing levels, then lowest tier, then cheapest), with the
 * same unmet prerequisites the cards list. When nothing can start, the soonest affordable thing.
 */
export function guideSteps(
  entries: readonly GuideEntry[],
  economy: { stock: Readonly<Record<string, number>>; ratesPerHour: Readonly<Partial<Record<string, number>>> } | null,
): GuideSteps {
  const byCost = (a: GuideEntry, b: GuideEntry) => total(a.model.cost) - total(b.model.cost) || a.model.tier - b.model.tier || a.key.localeCompare(b.key);
  const isNew = (e: GuideEntry) => (e.model.button.effective === 0 ? 0 : 1);
  const ready = entries.filter((e) => !e.model.button.disabled).sort((a, b) => isNew(a) - isNew(b) || byCost(a, b));

  let soonest: GuideSteps['soonest'] = null;
  if (ready.length === 0 && economy) {
    for (const e of entries) {
      if (e.model.button.reason !== 'resources' || !e.model.cost) continue;
      const seconds = secondsUntilAffordable(e.model.cost, economy.stock, economy.ratesPerHour);
      if (seconds !== null && (soonest === null || seconds < soonest.seconds)) soonest = { ...step(e), seconds };
    }
  }

  const locked = entries
    .filter((e) => e.model.built === 0 && e.model.button.reason === 'prerequisites' && e.model.unmet.length > 0)
    .sort((a, b) => missingLevels(a.model.unmet) - missingLevels(b.model.unmet) || byCost(a, b));
  const first = locked[0];
  const next = first ? { kind: first.kind, key: first.key, name: first.name, unmet: first.model.unmet } : null;

  return { ready: ready.slice(0, READY_SHOWN).map(step), soonest, next };
}
