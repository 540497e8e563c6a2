import type { Page } from 'playwright-core';
import type { LabRequest } from '../../apps/web/src/features/army/simulator/lab-run';

type Battle = Omit<LabRequest, 'id' | 'catalogue'>;

const party = (role: 'ATTACKER' | 'DEFENDER', username: string, units: Record<string, number>, extra: Record<string, unknown> = {}) =>
  ({ role, user_id: null, username, units, ...extra }) as LabRequest['input']['participants'][number];

/** Every unit type of the catalogue (and defense, for a defender) sharing `total` units. */
export function everyType(keys: readonly string[], total: number): Record<string, number> {
  const each = Math.floor(total / keys.length);
  return Object.fromEntries(keys.map((k, i) => [k, i === 0 ? total - each * (keys.length - 1) : each]));
}

/** A million of each side over every type: the simulator's heaviest plan. */
export function millionBattle(unitKeys: readonly string[], defenseKeys: readonly string[], runs: number, seed: string): Battle {
  return {
    input: {
      participants: [
        party('ATTACKER', 'Horde', everyType(unitKeys, 1_000_000), { effects: { unit_attack_pct: 30, unit_health_pct: 20, cargo_pct: 10 } }),
        party('DEFENDER', 'Bastion', everyType(unitKeys, 500_000), { defenses: everyType(defenseKeys, 500_000), effects: { unit_defense_pct: 40, unit_bioshield_pct: 20 } }),
      ],
      target: { coords: [5, 5, 5], stock: { fiber: 9_000_000, crystal: 4_000_000, biomass: 1_000_000 }, effects: { bunker_capacity: 5000, resources_protected_share: 10, defense_repair_chance: 40, defense_repair_attempt_percentage: 60 } },
    },
    runs,
    seed,
  };
}

/** Battles that touch every step of the engine, for the browser/node equality test. */
export function labInputs(): Battle[] {
  const target = { coords: [1, 2, 3] as [number, number, number], stock: { fiber: 50_000, crystal: 20_000 } };
  return [
    { input: { participants: [party('ATTACKER', 'a', { razorwing: 300 }), party('DEFENDER', 'd', { razorwing: 120 }, { defenses: { thorn_pit: 5 } })], target }, runs: 25, seed: 'plain' },
    {
      input: {
        participants: [
          party('ATTACKER', 'a1', { spine_lancer: 40, feral_drifter: 30, spore_mortar: 5 }, { effects: { unit_attack_pct: 20 } }),
          party('ATTACKER', 'a2', { ravager: 50, carrion_beetle: 20 }, { effects: { cargo_pct: 15 } }),
          party('DEFENDER', 'owner', { ravager: 40, hauler_grub: 30 }, { defenses: { thorn_pit: 10, psi_spire: 2 }, effects: { unit_bioshield_pct: 30 } }),
          party('DEFENDER', 'ally', { acid_spitter: 12 }, { is_stationed_ally: true }),
        ],
        target: { ...target, effects: { bunker_capacity: 40, resources_protected_share: 8, defense_repair_chance: 30, defense_repair_attempt_percentage: 50 } },
      },
      runs: 40,
      seed: 'first strike, kamikaze, allies, bunker',
    },
    { input: { participants: [party('ATTACKER', 'a', { hauler_grub: 1 }), party('DEFENDER', 'd', { hauler_grub: 1 })], target }, runs: 5, seed: 'draw' },
    { input: { participants: [party('ATTACKER', 'a', {}), party('DEFENDER', 'd', { razorwing: 3 })], target }, runs: 3, seed: 'invalid' },
    {
      input: {
        participants: [party('ATTACKER', 'big', { ravager: 400_000, razorwing: 600_000 }), party('DEFENDER', 'big', { bonecrusher: 100_000, razorwing: 900_000 })],
        target,
      },
      runs: 10,
      seed: 'a million a side',
    },
  ];
}

/**
 * Runs requests through a fresh worker of the app's own worker script (`url`, as the simulator loaded
 * it) inside the page, one after another; answers the JSON texts it sent back.
 */
export async function runInWorker(page: Page, url: string, requests: LabRequest[]): Promise<string[]> {
  return page.evaluate(
    ({ url, requests }) =>
      new Promise<string[]>((resolve, reject) => {
        const worker = new Worker(url, { type: 'module' });
        const answers: string[] = [];
        worker.onerror = (e) => reject(new Error(e.message));
        worker.onmessage = (e: MessageEvent<{ id: number; odds: string }>) => {
          answers.push(e.data.odds);
          if (answers.length === requests.length) {
            worker.terminate();
            resolve(answers);
          } else worker.postMessage(requests[answers.length]);
        };
        worker.postMessage(requests[0]);
      }),
    { url, requests },
  );
}
