import { loadCatalogue } from '@brood/game-data';

const ARCHETYPES = ['Skirmisher', 'Brute', 'Spitter', 'Leviathan', 'Drone'];

/** Synthetic unit types bench_0..bench_{types-1} with varied stats, archetypes and capabilities (first strike, kamikaze). */
export function benchUnits(types: number): Record<string, unknown> {
  const base = loadCatalogue().units.razorwing!;
  const units: Record<string, unknown> = {};
  for (let i = 0; i < types; i++) {
    const caps = i % 10 === 3 ? ['FIRST_STRIKE'] : i % 10 === 7 ? ['KAMIKAZE'] : [];
    units[`bench_${i}`] = {
      ...base,
      name: `Bench ${i}`,
      archetype: ARCHETYPES[i % ARCHETYPES.length],
      capabilities: caps,
      ...(caps[0] === 'FIRST_STRIKE' ? { first_strike_level: 1 + (i % 3) } : {}),
      stats: { attack: 20 + 13 * i, defense: 5 + 3 * i, health: 200 + 150 * i, bioshield: 5 + 4 * i, speed: 8000, cargo_capacity: 100 + 10 * i },
    };
  }
  return units;
}

/** `total` units spread evenly over the bench types. */
export function benchArmy(total: number, types: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: types }, (_, i) => [`bench_${i}`, Math.floor(total / types) + (i < total % types ? 1 : 0)]));
}
