import type { Catalogue, ResourceKey } from '@brood/game-data';
import type { Effects, Resources } from '../types';
import { percentMultiplier } from '../economy/effects';
import { totalResources } from '../economy/resources';
import { hashUniform, roundRandomly } from '../rng';
import { survivorsOf } from './stacks';
import type { Stack } from './stacks';
import type { BattleInput } from './types';

const clampShare = (percent: number) => Math.min(1, Math.max(0, percent / 100));

/**
 * Wounded units regenerate with their archetype's regeneration chance; of the destroyed defenses,
 * defense_repair_attempt_percentage get a roll that succeeds with defense_repair_chance. Counts are
 * drawn by stochastic rounding of the expected number (exact for one unit, unbiased for many).
 * Kamikaze defenses are single-use and never repaired.
 */
export function recover(stacks: readonly Stack[], targetEffects: Effects, salt: number): void {
  const attempt = clampShare(targetEffects.defense_repair_attempt_percentage ?? 0);
  const chance = clampShare(targetEffects.defense_repair_chance ?? 0);
  for (const s of stacks) {
    s.regenerated = Math.min(s.wounded, roundRandomly(s.wounded * s.regenerationChance, hashUniform(salt, s.hash, 1)));
    const destroyed = s.killed - s.wounded;
    s.repaired = s.isDefense && !s.kamikaze ? Math.min(destroyed, roundRandomly(destroyed * attempt * chance, hashUniform(salt, s.hash, 2))) : 0;
  }
}

/** Split `amounts` among claimants in proportion to their room, floored: nobody gets more than their room. */
function share(amounts: Resources, rooms: readonly number[]): Resources[] {
  const total = rooms.reduce((a, b) => a + b, 0);
  const want = totalResources(amounts);
  const scale = total > 0 && want > 0 ? Math.min(1, total / want) : 0;
  return rooms.map((room) => {
    const out: Resources = {};
    if (room <= 0 || scale === 0) return out;
    for (const [k, v] of Object.entries(amounts) as [ResourceKey, number][]) {
      const n = Math.floor((v * scale * room) / total);
      if (n > 0) out[k] = n;
    }
    return out;
  });
}

/** Cargo room of each participant's survivors: capacity x (1 + cargo_pct) minus what they carry. */
export function cargoRooms(input: BattleInput, stacks: readonly Stack[], onlySalvage = false): number[] {
  return input.participants.map((p, i) => {
    let capacity = 0;
    for (const s of stacks) {
      if (s.participant !== i || s.isDefense || (onlySalvage && !s.def.capabilities.includes('SALVAGE'))) continue;
      capacity += survivorsOf(s) * s.def.stats.cargo_capacity;
    }
    capacity = Math.floor(capacity * percentMultiplier(p.effects ?? {}, 'cargo_pct'));
    return onlySalvage ? capacity : Math.max(0, capacity - totalResources(p.carried_resources ?? {}));
  });
}

/**
 * The winners' loot: loot_share of each resource above the protected share, limited by the
 * attackers' free cargo and shared in proportion to it.
 */
export function plunder(catalogue: Catalogue, input: BattleInput, targetEffects: Effects, rooms: readonly number[]): Resources[] {
  const protectedShare = clampShare(targetEffects.resources_protected_share ?? 0);
  const lootable: Resources = {};
  for (const [k, v] of Object.entries(input.target.stock ?? {}) as [ResourceKey, number][]) {
    const n = Math.floor(Math.max(0, v) * (1 - protectedShare) * catalogue.universe.combat.loot_share);
    if (n > 0) lootable[k] = n;
  }
  const attackerRooms = rooms.map((room, i) => (input.participants[i]?.role === 'ATTACKER' ? room : 0));
  return share(lootable, attackerRooms);
}

/** wreckage_share_units (or _defenses) of the cost of everything lost for good; burst kamikaze leave nothing. */
export function wreckageOf(catalogue: Catalogue, stacks: readonly Stack[]): Resources {
  const { wreckage_share_units, wreckage_share_defenses } = catalogue.universe.combat;
  const sum: Record<string, number> = {};
  for (const s of stacks) {
    const part = (s.killed - s.regenerated - s.repaired) * (s.isDefense ? wreckage_share_defenses : wreckage_share_units);
    if (part <= 0) continue;
    for (const [k, v] of Object.entries(s.cost)) sum[k] = (sum[k] ?? 0) + v * part;
  }
  const out: Resources = {};
  for (const [k, v] of Object.entries(sum) as [ResourceKey, number][]) if (Math.floor(v) > 0) out[k] = Math.floor(v);
  return out;
}

/**
 * Surviving SALVAGE units of the attackers take part of the new wreckage at once:
 * instant_salvage_cargo_share of their cargo, within what plunder left free.
 */
export function instantSalvage(catalogue: Catalogue, input: BattleInput, wreckage: Resources, salvageRooms: readonly number[], freeRooms: readonly number[]): Resources[] {
  const rooms = salvageRooms.map((room, i) =>
    input.participants[i]?.role === 'ATTACKER' ? Math.min(Math.floor(room * catalogue.universe.combat.instant_salvage_cargo_share), freeRooms[i] ?? 0) : 0);
  return share(wreckage, rooms);
}
