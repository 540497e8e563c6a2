import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createRng } from '../rng';
import { resolveBattle, roundLabel } from './battle';
import type { BattleInput, BattleParticipantInput } from './types';

const catalogue = loadCatalogue();
const attacker = (units: Record<string, number>, extra: Partial<BattleParticipantInput> = {}): BattleParticipantInput =>
  ({ role: 'ATTACKER', user_id: 'a', username: 'ann', origin_coords: [1, 1, 1], units, ...extra });
const defender = (units: Record<string, number>, defenses: Record<string, number> = {}, extra: Partial<BattleParticipantInput> = {}): BattleParticipantInput =>
  ({ role: 'DEFENDER', user_id: 'd', username: 'dan', units, defenses, ...extra });
const battle = (participants: BattleParticipantInput[], target: Partial<BattleInput['target']> = {}, seed = 'seed') =>
  resolveBattle({ catalogue, participants, target: { coords: [1, 1, 2], territory_name: 'Nest', ...target } }, createRng(seed));

describe('resolveBattle', () => {
  it('shows rounds as the spec does: FS n, K, then numbers', () => {
    expect([-2, -1, 0, 1].map(roundLabel)).toEqual(['FS 2', 'FS 1', 'K', '1']);
    const r = battle([attacker({ spore_mortar: 5, feral_drifter: 5, razorwing: 50 }), defender({ ravager: 30 })]);
    expect(r.round_details.slice(0, 3).map((d) => d.round_label)).toEqual(['FS 2', 'FS 1', 'K']);
    expect(r.round_details[0]!.participant_results[1]!.raw_damage_output).toBe(0);
  });

  it('an overwhelming attacker wins, plunders and leaves wreckage', () => {
    const r = battle([attacker({ razorwing: 2000, hauler_grub: 50 }), defender({ razorwing: 5 }, { thorn_pit: 3 })], {
      stock: { fiber: 10000, crystal: 4000 }, effects: { resources_protected_share: 10 },
    });
    expect(r.outcome).toBe('VICTORY_ATTACKER');
    expect(r.plunder.resources).toEqual({ fiber: 4500, crystal: 1800 });
    expect(r.participant_results[0]!.plunder).toEqual(r.plunder.resources);
    expect(r.wreckage.resources.fiber).toBeGreaterThan(0);
    expect(r.rounds_fought).toBeLessThan(6);
  });

  it('the defender wins when the attack breaks on its defenses', () => {
    const r = battle([attacker({ razorwing: 3 }), defender({}, { psi_spire: 5 })], { stock: { fiber: 1000 } });
    expect(r.outcome).toBe('VICTORY_DEFENDER');
    expect(r.plunder.resources).toEqual({});
  });

  it('a fight nobody can finish in 6 rounds is a draw', () => {
    const r = battle([attacker({ hauler_grub: 1 }), defender({ hauler_grub: 1 })]);
    expect(r.outcome).toBe('DRAW');
    expect(r.rounds_fought).toBe(6);
  });

  it('kamikaze units burst in round K and count as losses', () => {
    const r = battle([attacker({ feral_drifter: 10 }), defender({ ravager: 100 })]);
    const k = r.round_details.find((d) => d.round_number === 0)!;
    expect(k.participant_results[0]!.losses).toEqual([{ unit_key: 'feral_drifter', lost: 10 }]);
    expect(r.outcome).toBe('VICTORY_DEFENDER');
  });

  it('the bunker hides the defender’s cheapest units first, never a stationed ally’s', () => {
    const r = battle([
      attacker({ ravager: 500 }),
      defender({ razorwing: 10, hauler_grub: 10, ravager: 5 }),
      defender({ razorwing: 10 }, {}, { user_id: 'e', username: 'eve', is_stationed_ally: true }),
    ], { effects: { bunker_capacity: 15 } });
    expect(r.participant_results[1]!.units_saved_by_bunker).toEqual({ razorwing: 10, hauler_grub: 5 });
    expect(r.participant_results[2]!.units_saved_by_bunker).toEqual({});
    expect(r.defender_user_id).toBe('d');
  });

  it('invalid input gives an ERROR report with the seed', () => {
    expect(battle([defender({ razorwing: 1 })]).outcome).toBe('ERROR');
    const r = battle([attacker({ moon_eater: 1 }), defender({})], {}, 's1');
    expect(r).toMatchObject({ outcome: 'ERROR', seed: 's1', error: "participant 0: unknown unit 'moon_eater'" });
  });

  it('an undefended target falls without a fight', () => {
    const r = battle([attacker({ razorwing: 1, hauler_grub: 1 }), defender({})], { stock: { fiber: 100 } });
    expect(r).toMatchObject({ outcome: 'VICTORY_ATTACKER', rounds_fought: 0 });
    expect(r.plunder.resources).toEqual({ fiber: 45 });
  });

  it('surviving salvage units take some of the wreckage at once', () => {
    const r = battle([attacker({ ravager: 200, carrion_beetle: 5 }), defender({ razorwing: 300 })]);
    expect(r.outcome).toBe('VICTORY_ATTACKER');
    expect(Object.keys(r.instant_salvage_resources).length).toBeGreaterThan(0);
    expect(r.participant_results[0]!.instant_salvage).toEqual(r.instant_salvage_resources);
  });

  it('enters the Hall of Fame when the destroyed value passes the threshold', () => {
    const small = battle([attacker({ razorwing: 10 }), defender({ razorwing: 1 })]);
    expect(small.hall_of_fame).toBe(false);
    const big = battle([attacker({ ravager: 5000 }), defender({ ravager: 3000 })]);
    expect(big.destroyed_value).toBeGreaterThan(catalogue.universe.hall_of_fame.min_destroyed_value);
    expect(big.hall_of_fame).toBe(true);
  });

  it('bonuses from effects raise attack', () => {
    const plain = battle([attacker({ razorwing: 100 }), defender({ ravager: 50 })]);
    const sharp = battle([attacker({ razorwing: 100 }, { effects: { unit_attack_pct: 100 } }), defender({ ravager: 50 })]);
    expect(sharp.round_details[0]!.participant_results[0]!.raw_damage_output)
      .toBeCloseTo(2 * plain.round_details[0]!.participant_results[0]!.raw_damage_output, 0);
  });
});
