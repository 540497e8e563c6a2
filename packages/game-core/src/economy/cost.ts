import { costAtLevel } from '@brood/game-data';
import type { ResourceAmounts } from '@brood/game-data';
import type { Resources } from '../types';
import { addResources, scaleResources } from './resources';

export { costAtLevel };

type Levelled = { readonly cost_base: ResourceAmounts; readonly cost_factor: number };

/** What levels 1..level cost together (the score of a structure or technology at that level). */
export function cumulativeCost(def: Levelled, level: number): Resources {
  let sum: Resources = {};
  for (let l = 1; l <= level; l++) sum = addResources(sum, costAtLevel(def, l));
  return sum;
}

/** The cost of a batch of units or defenses: cost x quantity. */
export function batchCost(def: { readonly cost: ResourceAmounts }, quantity: number): Resources {
  return scaleResources(def.cost, quantity);
}
