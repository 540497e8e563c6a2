import type { Catalogue, LongGameBounds } from '@brood/game-data';
import { battleOdds } from '../combat/odds';
import { createRng, type Rng } from '../rng';
import { scorePoints } from '../scores/scores';
import type { Counts } from '../types';

/**
 * One fight of the matrix, both sides at (about) equal value. Value is what the battle engine
 * destroys: a unit's cost weighted by the tiers of its resources (score points x divisor).
 */
export interface Fight {
  readonly attacker: string;
  readonly defender: string;
  readonly attackerValue: number;
  readonly defenderValue: number;
  readonly attackerWins: number;
  readonly defenderWins: number;
  /** mean value each side lost */
  readonly attackerLost: number;
  readonly defenderLost: number;
}

export interface CombatMatrix {
  readonly units: readonly string[];
  readonly defenses: readonly string[];
  /** every unit attacking every unit and every defense */
  readonly fights: readonly Fight[];
  /** random unit mixes attacking random defense mixes */
  readonly mixes: readonly Fight[];
}

export const valueOf = (c: Catalogue, key: string): number => {
  const def = c.units[key] ?? c.defenses[key];
  return def ? scorePoints(c, def.cost) * c.universe.score.divisor : 0;
};

/** A pairing whose sides cannot come within this share of each other's value is not fought (a capped defense against a costly unit). */
const UNEVEN = 0.25;

/** The combat units: recruitable units whose archetype is not a worker's. */
export const combatUnits = (c: Catalogue, workers: readonly string[]): string[] =>
  Object.keys(c.units).filter((k) => c.units[k]!.recruitable && !workers.includes(c.units[k]!.archetype));

/** Counts of each key worth `value` in all, split by the weights (a defense never above its max count). */
function force(c: Catalogue, shares: readonly (readonly [string, number])[], value: number): Counts {
  const out: Record<string, number> = {};
  let left = value;
  let weight = shares.reduce((s, [, w]) => s + w, 0);
  for (const [key, w] of [...shares].sort((a, b) => (c.defenses[a[0]]?.max_count_per_territory ? -1 : 0) - (c.defenses[b[0]]?.max_count_per_territory ? -1 : 0))) {
    const max = c.defenses[key]?.max_count_per_territory || Number.POSITIVE_INFINITY;
    const n = Math.min(max, Math.max(1, Math.round((left * w) / weight / valueOf(c, key))));
    out[key] = n;
    left -= n * valueOf(c, key);
    weight -= w;
  }
  return out;
}

const worth = (c: Catalogue, counts: Counts) => Object.entries(counts).reduce((s, [k, n]) => s + n * valueOf(c, k), 0);

function fight(c: Catalogue, attacker: string, units: Counts, defender: string, defending: Counts, runs: number, seed: string): Fight {
  const defenses = Object.fromEntries(Object.entries(defending).filter(([k]) => c.defenses[k]));
  const guards = Object.fromEntries(Object.entries(defending).filter(([k]) => c.units[k]));
  const odds = battleOdds({
    catalogue: c,
    participants: [
      { role: 'ATTACKER', user_id: 1, username: 'attacker', units },
      { role: 'DEFENDER', user_id: 2, username: 'defender', units: guards, defenses },
    ],
    target: { coords: [1, 1, 1] },
  }, runs, seed);
  return {
    attacker, defender, attackerValue: worth(c, units), defenderValue: worth(c, defending),
    attackerWins: odds.outcomes.attacker_wins / odds.runs, defenderWins: odds.outcomes.defender_wins / odds.runs,
    attackerLost: odds.attackers.lost_value.mean, defenderLost: odds.defenders.lost_value.mean,
  };
}

function randomShares(rng: Rng, keys: readonly string[]): [string, number][] {
  const pool = [...keys];
  const n = Math.min(pool.length, 2 + rng.int(3));
  const out: [string, number][] = [];
  for (let i = 0; i < n; i++) out.push([pool.splice(rng.int(pool.length), 1)[0]!, 1 + rng.int(4)]);
  return out;
}

/**
 * Every combat unit against every combat unit and every defense at equal value, and random unit
 * mixes against random defense mixes, each fight `runs` seeded runs of the game's battleOdds. A
 * defense with a max count (a membrane) fights attackers worth what the max count is worth; a
 * pairing that cannot be evened within a quarter is left out.
 */
export function combatMatrix(c: Catalogue, workers: readonly string[], b: LongGameBounds['combat'], seed: string): CombatMatrix {
  const units = combatUnits(c, workers);
  const defenses = Object.keys(c.defenses);
  const V = b.value_per_fight;
  const fights: Fight[] = [];
  for (const a of units) {
    for (const d of [...units, ...defenses]) {
      // a defense with a max count may be worth less than V: the attacker matches what it is worth
      const defending = force(c, [[d, 1]], V);
      const attacking = force(c, [[a, 1]], worth(c, defending));
      if (Math.abs(worth(c, attacking) - worth(c, defending)) > UNEVEN * worth(c, defending)) continue;
      fights.push(fight(c, a, attacking, d, defending, b.runs, `${seed}:${a}:${d}`));
    }
  }
  const rng = createRng(`${seed}:mixes`);
  const attacks = Array.from({ length: b.mixes }, () => randomShares(rng, units));
  const walls = Array.from({ length: b.mixes }, () => randomShares(rng, defenses));
  const label = (s: readonly [string, number][]) => s.map(([k, w]) => `${w}×${k}`).join(' + ');
  const mixes: Fight[] = [];
  attacks.forEach((a, i) => walls.forEach((w, j) => {
    mixes.push(fight(c, label(a), force(c, a, V), label(w), force(c, w, V), b.mix_runs, `${seed}:mix:${i}:${j}`));
  }));
  return { units, defenses, fights, mixes };
}

/** Value destroyed per value lost, for the attacker (Infinity when it lost nothing and destroyed something). */
export const attackerTrade = (f: Fight): number => (f.attackerLost > 0 ? f.defenderLost / f.attackerLost : f.defenderLost > 0 ? Number.POSITIVE_INFINITY : 0);
export const defenderTrade = (f: Fight): number => (f.defenderLost > 0 ? f.attackerLost / f.defenderLost : f.attackerLost > 0 ? Number.POSITIVE_INFINITY : 0);
