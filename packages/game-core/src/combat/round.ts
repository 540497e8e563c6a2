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
  readonly participants: number;
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
  return Math.max(0, s.alive - s.carry / s.health);
}

const emptyTotals = (): RoundTotals => ({ raw: 0, dealt: 0, absorbedDefense: 0, absorbedShield: 0, overkill: 0 });

interface Group {
  readonly side: 0 | 1;
  readonly participant: number;
  readonly archetype: string;
  raw: number;
}

/** Firing stacks pooled by participant and archetype: their damage is spread the same way. */
function firingGroups(stacks: readonly Stack[], ctx: RoundContext, round: number, fires: (s: Stack) => boolean, totals: RoundTotals[]): Group[] {
  const groups = new Map<string, Group>();
  const amplitude = ctx.combat.damage_noise;
  for (const s of stacks) {
    if (s.alive <= 0 || s.attack <= 0 || !fires(s)) continue;
    const noise = 1 + amplitude * (2 * hashUniform(ctx.noiseSalt, s.hash, round) - 1);
    const raw = s.alive * s.attack * noise;
    const id = `${s.participant}|${s.archetype}`;
    const g = groups.get(id) ?? { side: s.side, participant: s.participant, archetype: s.archetype, raw: 0 };
    g.raw += raw;
    groups.set(id, g);
    totals[s.participant]!.raw += raw;
  }
  return [...groups.values()];
}

/**
 * One round: every firing stack's raw damage (count x attack x noise within the universe's
 * +-damage_noise) is spread over the enemy stacks in proportion to size (healthInUnits) x targeting
 * weight; on a target the bioshield pool (size x bioshield) absorbs first, defense mitigates defense / (defense + constant) of the
 * rest, and the remainder kills floor(damage / health) units, carrying what is left. All stacks fire
 * on the counts they had at the start of the round. Returns the totals of each participant.
 */
export function fightRound(stacks: readonly Stack[], ctx: RoundContext, round: number, fires: (s: Stack) => boolean): RoundTotals[] {
  const totals = Array.from({ length: ctx.participants }, emptyTotals);
  const groups = firingGroups(stacks, ctx, round, fires, totals);
  for (const s of stacks) {
    s.incoming = 0;
    s.roundKilled = 0;
    s.roundWounded = 0;
    s.roundExpended = 0;
  }
  // parts[i] = [group, target, damage]: who hit whom, to credit effective damage back to the shooter
  const parts: [Group, Stack, number][] = [];
  for (const g of groups) {
    const row = ctx.combat.targeting[g.archetype] ?? {};
    const enemies = stacks.filter((t) => t.side !== g.side && t.alive > 0);
    let weightSum = 0;
    for (const t of enemies) weightSum += healthInUnits(t) * (row[t.archetype] ?? 1);
    const uniform = weightSum <= 0;
    if (uniform) for (const t of enemies) weightSum += healthInUnits(t);
    if (weightSum <= 0) continue;
    for (const t of enemies) {
      const damage = (g.raw * healthInUnits(t) * (uniform ? 1 : (row[t.archetype] ?? 1))) / weightSum;
      if (damage <= 0) continue;
      t.incoming += damage;
      parts.push([g, t, damage]);
    }
  }
  const dealtOn = new Map<Stack, [dealt: number, overkill: number]>();
  for (const t of stacks) {
    if (t.incoming > 0) dealtOn.set(t, hit(t, ctx, totals[t.participant]!));
  }
  for (const [g, t, damage] of parts) {
    const [dealt, overkill] = dealtOn.get(t)!;
    const share = damage / t.incoming;
    totals[g.participant]!.dealt += dealt * share;
    totals[g.participant]!.overkill += overkill * share;
  }
  return totals;
}

/** Applies a stack's incoming damage; returns the damage that reached health and the overkill. */
function hit(t: Stack, ctx: RoundContext, targetTotals: RoundTotals): [number, number] {
  const shield = Math.min(t.incoming, healthInUnits(t) * t.bioshield);
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
  return [effective - overkill, overkill];
}
