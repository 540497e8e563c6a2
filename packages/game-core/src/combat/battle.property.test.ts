import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { createRng } from '../rng';
import { scorePoints } from '../scores/scores';
import { cargoCapacity } from '../fleet/missions';
import { resolveBattle } from './battle';
import type { BattleInput, BattleParticipantInput, CombatReport } from './types';

const catalogue = loadCatalogue();
const unitKeys = Object.keys(catalogue.units);
const defenseKeys = Object.keys(catalogue.defenses);
const counts = (keys: string[], max: number) => fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max }), { maxKeys: 6 });
const pct = fc.integer({ min: 0, max: 100 });
const effects = fc.record({ unit_attack_pct: pct, unit_defense_pct: pct, unit_health_pct: pct, unit_bioshield_pct: pct, cargo_pct: pct });
const big = fc.oneof(fc.constant(300), fc.constant(1_000_000));

const participant = (role: 'ATTACKER' | 'DEFENDER', i: number, withDefenses: boolean, max: number) =>
  fc.record({ units: counts(unitKeys, max), defenses: withDefenses ? counts(defenseKeys, max) : fc.constant({}), effects }).map(
    (p): BattleParticipantInput => ({ role, user_id: i, username: `p${i}`, is_stationed_ally: role === 'DEFENDER' && i > 0 && !withDefenses, ...p }),
  );

const battleInput = (bunker: fc.Arbitrary<number>) => big.chain((max) => fc.record({
  attackers: fc.array(fc.constant(0), { minLength: 1, maxLength: 2 }).chain((a) => fc.tuple(...a.map((_, i) => participant('ATTACKER', i + 10, false, max)))),
  owner: participant('DEFENDER', 0, true, max),
  allies: fc.array(fc.constant(0), { maxLength: 1 }).chain((a) => fc.tuple(...a.map((_, i) => participant('DEFENDER', i + 1, false, max)))),
  stock: fc.dictionary(fc.constantFrom('fiber', 'crystal', 'biomass', 'resin'), fc.integer({ min: 0, max: 10_000_000 })),
  target: fc.record({ bunker_capacity: bunker, resources_protected_share: pct, defense_repair_chance: pct, defense_repair_attempt_percentage: pct }),
})).map(({ attackers, owner, allies, stock, target }): BattleInput => ({
  catalogue,
  participants: [...attackers, owner, ...allies],
  target: { coords: [5, 5, 5], stock, effects: target },
}));

const seed = fc.string({ minLength: 1, maxLength: 12 });
const ok = (r: CombatReport) => r.outcome !== 'ERROR';
const get = (m: Record<string, number>, k: string) => m[k] ?? 0;

describe('battle properties', () => {
  it('conserves every unit: initial = survivors + losses + saved by bunker; wounded = regenerated + wounded losses', () => {
    fc.assert(fc.property(battleInput(fc.integer({ min: 0, max: 2000 })), seed, (input, s) => {
      const r = resolveBattle(input, createRng(s));
      for (const p of r.participant_results) {
        const lost = Object.fromEntries(p.losses_total.map((l) => [l.unit_key, l.lost]));
        const initial = { ...p.initial_units, ...p.initial_defenses };
        for (const [key, n] of Object.entries(initial)) {
          expect(get(p.survivors, key) + get(lost, key) + get(p.units_saved_by_bunker, key)).toBe(n);
          const woundedLost = get(p.wounded_total, key) - get(p.regenerated_units, key);
          expect(woundedLost).toBeGreaterThanOrEqual(0);
          expect(woundedLost).toBeLessThanOrEqual(get(lost, key));
        }
      }
    }), { numRuns: 150 });
  });

  it('is deterministic: same input and seed, same report', () => {
    fc.assert(fc.property(battleInput(fc.integer({ min: 0, max: 2000 })), seed, (input, s) => {
      expect(JSON.stringify(resolveBattle(input, createRng(s)))).toBe(JSON.stringify(resolveBattle(input, createRng(s))));
    }), { numRuns: 60 });
  });

  it('never reports a negative count', () => {
    fc.assert(fc.property(battleInput(fc.integer({ min: 0, max: 2000 })), seed, (input, s) => {
      const r = resolveBattle(input, createRng(s));
      const maps = r.participant_results.flatMap((p) => [p.survivors, p.wounded_total, p.regenerated_units, p.repaired_defenses, p.units_saved_by_bunker,
        Object.fromEntries(p.losses_total.map((l) => [l.unit_key, l.lost]))]);
      const rounds = r.round_details.flatMap((d) => d.participant_results.flatMap((p) => [p.units_at_start, p.wounded, Object.fromEntries(p.losses.map((l) => [l.unit_key, l.lost]))]));
      for (const m of [...maps, ...rounds]) for (const v of Object.values(m)) expect(v).toBeGreaterThanOrEqual(0);
    }), { numRuns: 150 });
  });

  it('never hides more than the bunker holds, and only the owner’s units', () => {
    fc.assert(fc.property(battleInput(fc.integer({ min: 0, max: 5000 })), seed, (input, s) => {
      const r = resolveBattle(input, createRng(s));
      if (!ok(r)) return;
      r.participant_results.forEach((p) => {
        const saved = Object.values(p.units_saved_by_bunker).reduce((a, b) => a + b, 0);
        const isOwner = p.role === 'DEFENDER' && !p.is_stationed_ally;
        expect(saved).toBeLessThanOrEqual(isOwner ? (input.target.effects?.bunker_capacity ?? 0) : 0);
      });
    }), { numRuns: 150 });
  });

  it('never plunders above the survivors’ cargo nor above the unprotected stock', () => {
    fc.assert(fc.property(battleInput(fc.integer({ min: 0, max: 50 })), seed, (input, s) => {
      const r = resolveBattle(input, createRng(s));
      if (!ok(r)) return;
      const share = 1 - (input.target.effects?.resources_protected_share ?? 0) / 100;
      for (const [k, v] of Object.entries(r.plunder.resources)) {
        expect(v).toBeLessThanOrEqual(((input.target.stock as Record<string, number>)[k] ?? 0) * share * catalogue.universe.combat.loot_share);
      }
      r.participant_results.forEach((p, i) => {
        const taken = Object.values(p.plunder).reduce((a, b) => a + b, 0) + Object.values(p.instant_salvage).reduce((a, b) => a + b, 0);
        const survivingUnits = Object.fromEntries(Object.entries(p.survivors).filter(([k]) => catalogue.units[k]));
        expect(taken).toBeLessThanOrEqual(cargoCapacity(survivingUnits, catalogue, input.participants[i]!.effects?.cargo_pct ?? 0));
      });
    }), { numRuns: 150 });
  });

  it('adding units to a side never lowers its surviving value, for every seed (bunker closed)', () => {
    const valueOf = (r: CombatReport, role: string) => r.participant_results.filter((p) => p.role === role).reduce((sum, p) => sum + Object.entries(p.survivors)
      .reduce((v, [k, n]) => v + n * scorePoints(catalogue, (catalogue.units[k] ?? catalogue.defenses[k])!.cost), 0), 0);
    const grown = fc.record({ input: battleInput(fc.constant(0)), extra: counts(unitKeys, 500), who: fc.nat(), seeds: fc.array(seed, { minLength: 5, maxLength: 5 }) });
    fc.assert(fc.property(grown, ({ input, extra, who, seeds }) => {
      const index = who % input.participants.length;
      const p = input.participants[index]!;
      const units = { ...p.units };
      for (const [k, n] of Object.entries(extra)) units[k] = (units[k] ?? 0) + n;
      const more: BattleInput = { ...input, participants: input.participants.map((q, i) => (i === index ? { ...q, units } : q)) };
      for (const s of seeds) {
        const before = resolveBattle(input, createRng(s));
        const after = resolveBattle(more, createRng(s));
        if (!ok(before) || !ok(after)) continue;
        expect(valueOf(after, p.role)).toBeGreaterThanOrEqual(valueOf(before, p.role) - 1e-9);
      }
    }), { numRuns: 80 });
  });
});
