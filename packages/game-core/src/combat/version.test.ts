import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createRng, hashString } from '../rng';
import { resolveBattle } from './battle';
import { COMBAT_ENGINE_VERSION } from './version';

/**
 * The engine's fingerprint: one fixed battle (first strike, kamikaze (the Feral Drifter), wounds, bunker, repairs,
 * plunder, insta-salvage, a stationed ally) with a fixed seed, hashed. Stored battles are re-run only
 * by the engine version that fought them, so an engine change that moves this hash must bump
 * COMBAT_ENGINE_VERSION and record the new hash here. (A change of the shipped catalogue's combat
 * numbers moves it too: then only the hash is updated.)
 */
const FINGERPRINTS: Record<number, string> = {
  1: '12249:3d9ab8eb',
};

describe('combat engine version', () => {
  it('the fixed battle comes out as this engine version recorded it', () => {
    const catalogue = loadCatalogue();
    const report = resolveBattle({
      catalogue,
      participants: [
        { role: 'ATTACKER', user_id: 1, username: 'ann', origin_coords: [1, 1, 1], units: { razorwing: 900, spine_lancer: 40, bursting_tick: 30, feral_drifter: 30, ravager: 20, carrion_beetle: 4 }, effects: { unit_attack_pct: 10 } },
        { role: 'DEFENDER', user_id: 2, username: 'dan', units: { razorwing: 300, hauler_grub: 10, acid_spitter: 5 }, defenses: { thorn_pit: 40, chitin_wall: 5 } },
        { role: 'DEFENDER', user_id: 3, username: 'ally', is_stationed_ally: true, units: { ravager: 6 } },
      ],
      target: {
        coords: [1, 1, 2],
        territory_name: 'Nest',
        stock: { fiber: 80_000, crystal: 50_000, biomass: 20_000 },
        effects: { bunker_capacity: 5, defense_repair_chance: 70, defense_repair_attempt_percentage: 50, resources_protected_share: 10 },
      },
    }, createRng('engine-fingerprint'));
    const json = JSON.stringify(report);
    const hash = `${json.length}:${hashString(json).toString(16)}`;
    expect(hash, `the engine's outcome changed: bump COMBAT_ENGINE_VERSION (${COMBAT_ENGINE_VERSION}) and record ${hash}`).toBe(FINGERPRINTS[COMBAT_ENGINE_VERSION]);
  });
});
