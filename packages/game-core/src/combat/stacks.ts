import type { Catalogue, DefenseDef, ResourceAmounts, UnitDef } from '@brood/game-data';
import type { Effects } from '../types';
import { percentMultiplier } from '../economy/effects';
import { scorePoints } from '../scores/scores';
import { hashString } from '../rng';
import type { BattleInput } from './types';

/** All units of one type of one participant: they fight as one. */
export interface Stack {
  readonly side: 0 | 1;
  readonly participant: number;
  readonly key: string;
  readonly isDefense: boolean;
  readonly def: UnitDef | DefenseDef;
  readonly archetype: string;
  /** index of the archetype in the battle's weight matrix (see targetingMatrix) */
  archIndex: number;
  readonly attack: number;
  readonly defense: number;
  readonly health: number;
  readonly bioshield: number;
  readonly firstStrike: number;
  readonly kamikaze: boolean;
  readonly woundChance: number;
  readonly regenerationChance: number;
  /** tier-weighted value of one unit: orders the bunker and measures destroyed value */
  readonly value: number;
  readonly cost: ResourceAmounts;
  /** identifies the stack's private random stream */
  readonly hash: number;
  readonly initial: number;
  bunkered: number;
  alive: number;
  /** killed by the enemy so far (wounded included) */
  killed: number;
  /** kamikaze units that burst */
  expended: number;
  wounded: number;
  /** after the battle: wounded units that regenerated, destroyed defenses that were repaired */
  regenerated: number;
  repaired: number;
  /** damage carried to the next round (less than one unit's health) */
  carry: number;
  /** scratch of the round being fought */
  incoming: number;
  roundKilled: number;
  roundWounded: number;
  roundExpended: number;
}

export const SIDE_OF = { ATTACKER: 0, DEFENDER: 1 } as const;

/** What comes out of the fight: the units still standing plus the regenerated and repaired ones. */
export function survivorsOf(s: Stack): number {
  return s.alive + s.regenerated + s.repaired;
}

/** Why an input cannot be fought, or null when it can. */
export function invalidReason(input: BattleInput): string | null {
  const { catalogue, participants } = input;
  if (!participants.some((p) => p.role === 'ATTACKER' && Object.values(p.units).some((n) => n > 0))) return 'no attacking units';
  for (const [i, p] of participants.entries()) {
    for (const [kind, counts, defs] of [['unit', p.units, catalogue.units], ['defense', p.defenses ?? {}, catalogue.defenses]] as const) {
      for (const [key, n] of Object.entries(counts)) {
        if (!defs[key]) return `participant ${i}: unknown ${kind} '${key}'`;
        if (!Number.isSafeInteger(n) || n < 0) return `participant ${i}: invalid count ${n} of '${key}'`;
      }
    }
    if (p.role === 'ATTACKER' && p.defenses && Object.values(p.defenses).some((n) => n > 0)) return `participant ${i}: an attacker cannot bring defenses`;
  }
  return null;
}

function makeStack(catalogue: Catalogue, side: 0 | 1, participant: number, key: string, def: UnitDef | DefenseDef, isDefense: boolean, count: number, effects: Effects): Stack {
  const arch = catalogue.universe.combat.archetypes[def.archetype];
  // kamikaze units are single-use: if being shot could wound them, dying would beat bursting
  const kamikaze = def.capabilities.includes('KAMIKAZE');
  return {
    side, participant, key, isDefense, def,
    archetype: def.archetype,
    archIndex: 0,
    attack: def.stats.attack * percentMultiplier(effects, 'unit_attack_pct'),
    defense: def.stats.defense * percentMultiplier(effects, 'unit_defense_pct'),
    health: Math.max(1e-9, def.stats.health * percentMultiplier(effects, 'unit_health_pct')),
    bioshield: def.stats.bioshield * percentMultiplier(effects, 'unit_bioshield_pct'),
    firstStrike: def.capabilities.includes('FIRST_STRIKE') ? (def.first_strike_level ?? 1) : 0,
    kamikaze,
    woundChance: kamikaze ? 0 : (arch?.wound_chance ?? 0),
    regenerationChance: arch?.regeneration_chance ?? 0,
    value: scorePoints(catalogue, def.cost) * catalogue.universe.score.divisor,
    cost: def.cost,
    hash: hashString(`${participant}:${isDefense ? 'd' : 'u'}:${key}`),
    initial: count,
    bunkered: 0,
    alive: count,
    killed: 0,
    expended: 0,
    wounded: 0,
    regenerated: 0,
    repaired: 0,
    carry: 0,
    incoming: 0,
    roundKilled: 0,
    roundWounded: 0,
    roundExpended: 0,
  };
}

/** One stack per participant and type with a count above 0, in input order then key order. */
export function buildStacks(input: BattleInput): Stack[] {
  const { catalogue } = input;
  const stacks: Stack[] = [];
  input.participants.forEach((p, i) => {
    const side = SIDE_OF[p.role];
    const effects = p.effects ?? {};
    for (const key of Object.keys(p.units).sort()) {
      const n = p.units[key] ?? 0;
      const def = catalogue.units[key];
      if (def && n > 0) stacks.push(makeStack(catalogue, side, i, key, def, false, n, effects));
    }
    for (const key of Object.keys(p.defenses ?? {}).sort()) {
      const n = p.defenses?.[key] ?? 0;
      const def = catalogue.defenses[key];
      if (def && n > 0) stacks.push(makeStack(catalogue, side, i, key, def, true, n, effects));
    }
  });
  return stacks;
}

/** The targeting weights of the archetypes present, as a flat matrix [shooter x count + target]. */
export function targetingMatrix(stacks: readonly Stack[], targeting: Readonly<Record<string, Readonly<Record<string, number>>>>): { count: number; weights: Float64Array } {
  const names = [...new Set(stacks.map((s) => s.archetype))];
  for (const s of stacks) s.archIndex = names.indexOf(s.archetype);
  const weights = new Float64Array(names.length * names.length);
  names.forEach((a, i) => names.forEach((b, j) => { weights[i * names.length + j] = targeting[a]?.[b] ?? 1; }));
  return { count: names.length, weights };
}

/** The main defender: the first DEFENDER that is not a stationed ally (-1 when there is none). */
export function mainDefenderIndex(input: BattleInput): number {
  return input.participants.findIndex((p) => p.role === 'DEFENDER' && !p.is_stationed_ally);
}

/** Up to `capacity` of the main defender's own units hide, cheapest first; they neither fight nor die. */
export function hideInBunker(stacks: readonly Stack[], owner: number, capacity: number): void {
  let room = Math.max(0, Math.floor(capacity));
  const own = stacks
    .filter((s) => s.participant === owner && !s.isDefense)
    .sort((a, b) => a.value - b.value || (a.key < b.key ? -1 : 1));
  for (const s of own) {
    if (room <= 0) break;
    const hidden = Math.min(room, s.alive);
    s.bunkered = hidden;
    s.alive -= hidden;
    room -= hidden;
  }
}
