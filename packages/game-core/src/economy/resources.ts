import type { ResourceKey } from '@brood/game-data';
import type { Resources } from '../types';

type Entry = [ResourceKey, number];
const entries = (r: Resources): Entry[] => Object.entries(r) as Entry[];

/** a + b, key by key. */
export function addResources(a: Resources, b: Resources): Resources {
  const out: Resources = { ...a };
  for (const [k, v] of entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** a - b, key by key (may go negative: check with canAfford first). */
export function subtractResources(a: Resources, b: Resources): Resources {
  const out: Resources = { ...a };
  for (const [k, v] of entries(b)) out[k] = (out[k] ?? 0) - v;
  return out;
}

/** Every amount times a factor. */
export function scaleResources(r: Resources, factor: number): Resources {
  const out: Resources = {};
  for (const [k, v] of entries(r)) out[k] = v * factor;
  return out;
}

/** Every amount floored (what a player may spend or carry is whole). */
export function floorResources(r: Resources): Resources {
  const out: Resources = {};
  for (const [k, v] of entries(r)) out[k] = Math.floor(v);
  return out;
}

/** The sum of all amounts. */
export function totalResources(r: Resources): number {
  let sum = 0;
  for (const [, v] of entries(r)) sum += v;
  return sum;
}

/** What a cancelled queue item gives back: floor(paid x share) of each resource (share 0.3 by default). */
export function cancelRefund(paid: Resources, share: number): Resources {
  return floorResources(scaleResources(paid, share));
}
