import {
  batchCost,
  biomassUpkeepPerHour,
  canAfford,
  checkPrerequisites,
  defenseAllowance,
  isStarving,
  maxProducible,
  speedModifier,
  unitTime,
  type TerritoryEconomy,
  type UnmetPrerequisite,
} from '@brood/game-core';
import type { Catalogue, DefenseDef, UnitDef } from '@brood/game-data';
import { batchButtonState, MAX_BATCH, type BatchButtonState, type BatchKind } from './batch-button';

/** A queued batch as the queue reads return it (key field aside). */
interface QueuedBatch {
  quantity: number;
  quantity_delivered: number;
}

export interface BatchModelInput {
  kind: BatchKind;
  key: string;
  def: UnitDef | DefenseDef;
  quantity: number;
  catalogue: Catalogue;
  structures: Readonly<Record<string, number>>;
  technologies: Readonly<Record<string, number>>;
  stock: Readonly<Record<string, number>>;
  economy: TerritoryEconomy | null;
  /** Unfinished batches of this key. */
  queued: readonly QueuedBatch[];
  queueFull: boolean;
  /** Built (defenses) or at home (units). */
  have: number;
}

export interface BatchModel {
  button: BatchButtonState;
  cost: Partial<Record<string, number>>;
  /** Seconds for the whole batch. */
  seconds: number;
  perItemSeconds: number;
  biomassPerHour: number;
  /** What the max button sets: the spec's max producible (defenses capped by their allowance). */
  max: number;
  /** Defenses: built count and the maximum (0 = unlimited). */
  maxCount: number | null;
  unmet: readonly UnmetPrerequisite[];
}

/** Card figures of a unit or defense batch, from the same game-core rules the server checks. */
export function batchModel(input: BatchModelInput): BatchModel {
  const { def, kind } = input;
  const check = checkPrerequisites(input.catalogue, def.prerequisites, { structures: input.structures, technologies: input.technologies });
  const effects = input.economy?.effects ?? {};
  const modifier = speedModifier(effects, kind === 'unit' ? 'unit_production_speed' : 'defense_production_speed');
  const starving = input.economy ? isStarving(input.stock, input.economy.rates) : false;
  const perItemSeconds = unitTime(
    def,
    modifier,
    input.catalogue.universe.universe_speed_factor,
    starving ? input.catalogue.universe.starving_production_factor : 1,
  );
  const maxCount = 'max_count_per_territory' in def ? def.max_count_per_territory : null;
  const queuedLeft = input.queued.reduce((n, b) => n + b.quantity - b.quantity_delivered, 0);
  const allowance = maxCount === null ? Number.POSITIVE_INFINITY : defenseAllowance(maxCount, input.have, queuedLeft);
  const max = Math.min(MAX_BATCH, maxProducible(input.stock, def.cost, allowance));
  const cost = batchCost(def, input.quantity);
  const button = batchButtonState({
    kind,
    alreadyQueued: input.queued.length > 0,
    queueFull: input.queueFull,
    prerequisitesMet: check.met,
    affordable: canAfford(input.stock, def.cost, input.quantity),
    maxed: maxCount !== null && maxCount > 0 && allowance <= 0,
  });
  return {
    button,
    cost,
    seconds: perItemSeconds * input.quantity,
    perItemSeconds,
    // What the batch will eat at home (defenses eat nothing): game-core's upkeep, universe speed included.
    biomassPerHour: kind === 'unit' ? biomassUpkeepPerHour(input.catalogue, { [input.key]: input.quantity }) : 0,
    max,
    maxCount,
    unmet: check.unmet,
  };
}
