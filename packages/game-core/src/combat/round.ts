import type { CombatSettings } from '@brood/game-data';
import { hashUniform, roundRandomly } from '../rng';
import type { Stack } from './stacks';

/** What one participant fired, dealt and absorbed in one round. */
export interface RoundTotals {
  raw: number;
  dealt: number;
  absorbedDefense: number;
  absorbedShield: number;
  overkill: number;
}

export interface RoundContext {
  readonly combat: CombatSettings;
  /** side (0 attackers, 1 defenders) of each participant */
  readonly sides: readonly (0 | 1)[];
  /** archetypes present and their targeting weights [shooter x archetypes + target] */
  readonly archetypes: number;
  readonly weights: Float64Array;
  /** salts of the private random streams: damage noise, wounds */
  readonly noiseSalt: number;
  readonly woundSalt: number;
}

/**
 * A stack's size as targets see it: alive units minus the damage carried on the wounded one, in
 * units. Spreading damage (and sizing the bioshield pool) by this rather than by the bare count
 * keeps a unit that survived by a hair from drawing a full share next round, which is what makes
 * a bigger army never worse off (see the monotonicity property).
 */
export function healthInUnits(s: Stack): number {
  return s.alive > 0 ? Math.max(0, s.alive - s.carry / s.health) : 0;
}

/**
 * One round: every firing stack's raw damage (count x attack x noise within the universe's
 * +-damage_noise) is pooled by participant and archetype and spread over the enemy stacks in
 * proportion to size (healthInUnits) x targeting weight; on a target the bioshield pool (size x
 * bioshield) absorbs first, defense mitigates defense / (defense + constant) of the rest, and the
 * remainder kills floor(damage / health) units, carrying what is left. All stacks fire on the
 * counts they had at the start of the round. Returns the totals of each participant.
 */
export function fightRound(stacks: readonly Stack[], ctx: RoundContext, round: number, fires: (s: Stack) => boolean): RoundTotals[] {
  const totals: RoundTotals[] = ctx.sides.map(() => ({ raw: 0, dealt: 0, absorbedDefense: 0, absorbedShield: 0, overkill: 0 }));
  const n = stacks.length;
  const arch = ctx.archetypes;
  const groups = ctx.sides.length * arch;
  const groupRaw = new Float64Array(groups);
  const size = new Float64Array(n);
  const amplitude = ctx.combat.damage_noise;
  for (let i = 0; i < n; i++) {
    const s = stacks[i]!;
    s.incoming = 0;
    s.roundKilled = 0;
    s.roundWounded = 0;
    s.roundExpended = 0;
    size[i] = healthInUnits(s);
    if (s.alive <= 0 || s.attack <= 0 || !fires(s)) continue;
    const raw = s.alive * s.attack * (1 + amplitude * (2 * hashUniform(ctx.noiseSalt, s.hash, round) - 1));
    groupRaw[s.participant * arch + s.archIndex]! += raw;
    totals[s.participant]!.raw += raw;
  }
  // part[g * n + t]: damage group g sent to stack t, to credit the effect back to the shooter
  const part = new Float64Array(groups * n);
  for (let g = 0; g < groups; g++) {
    const raw = groupRaw[g]!;
    if (raw <= 0) continue;
    const side = ctx.sides[Math.floor(g / arch)];
    const row = (g % arch) * arch;
    let weightSum = 0;
    for (let t = 0; t < n; t++) if (stacks[t]!.side !== side) weightSum += size[t]! * ctx.weights[row + stacks[t]!.archIndex]!;
    const uniform = weightSum <= 0;
    if (uniform) for (let t = 0; t < n; t++) if (stacks[t]!.side !== side) weightSum += size[t]!;
    if (weightSum <= 0) continue;
    for (let t = 0; t < n; t++) {
      const target = stacks[t]!;
      if (target.side === side || size[t]! <= 0) continue;
      const damage = (raw * size[t]! * (uniform ? 1 : ctx.weights[row + target.archIndex]!)) / weightSum;
      target.incoming += damage;
      part[g * n + t] = damage;
    }
  }
  const dealt = new Float64Array(n);
  const overkill = new Float64Array(n);
  for (let t = 0; t < n; t++) if (stacks[t]!.incoming > 0) hit(stacks[t]!, size[t]!, ctx, totals[stacks[t]!.participant]!, dealt, overkill, t);
  for (let g = 0; g < groups; g++) {
    if (groupRaw[g]! <= 0) continue;
    const shooter = totals[Math.floor(g / arch)]!;
    for (let t = 0; t < n; t++) {
      const damage = part[g * n + t]!;
      if (damage <= 0) continue;
      const share = damage / stacks[t]!.incoming;
      shooter.dealt += dealt[t]! * share;
      shooter.overkill += overkill[t]! * share;
    }
  }
  return totals;
}

/** Applies a stack's incoming damage; writes the damage that reached health and the overkill. */
function hit(t: Stack, size: number, ctx: RoundContext, targetTotals: RoundTotals, dealt: Float64Array, overkillOut: Float64Array, i: number): void {
  const shield = Math.min(t.incoming, size * t.bioshield);
  const rest = t.incoming - shield;
  const mitigated = (rest * t.defense) / (t.defense + ctx.combat.defense_mitigation_constant);
  const effective = rest - mitigated;
  targetTotals.absorbedShield += shield;
  targetTotals.absorbedDefense += mitigated;
  const total = effective + t.carry;
  const capacity = t.alive * t.health;
  let kills: number;
  let overkill = 0;
  if (total >= capacity) {
    kills = t.alive;
    overkill = total - capacity;
    t.carry = 0;
  } else {
    kills = Math.min(t.alive, Math.floor(total / t.health));
    t.carry = total - kills * t.health;
  }
  t.alive -= kills;
  t.killed += kills;
  t.roundKilled = kills;
  // wounds by stochastic rounding of the cumulative kills: unbiased, and never more than killed
  const wounded = Math.min(t.killed, roundRandomly(t.killed * t.woundChance, hashUniform(ctx.woundSalt, t.hash, 0)));
  t.roundWounded = wounded - t.wounded;
  t.wounded = wounded;
  dealt[i] = effective - overkill;
  overkillOut[i] = overkill;
}
