/// <reference types="node" />
/**
 * npm run bench -w @brood/game-core: prints timings, asserts nothing.
 * A battle of 1M against 1M units over 30 types per side, small battles per second and
 * settlements per second. Figures go into the package README.
 */
import { loadCatalogue } from '@brood/game-data';
import { createRng, resolveBattle, settle, territoryEconomy } from '../src/index';
import type { BattleInput } from '../src/index';
import { benchArmy, benchUnits } from './catalogue';

const TYPES = 30;

/** The shipped catalogue plus 30 synthetic unit types with varied stats, archetypes and capabilities. */
const benchCatalogue = () => loadCatalogue({ units: benchUnits(TYPES) });
const army = (total: number) => benchArmy(total, TYPES);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function largeBattle() {
  const catalogue = benchCatalogue();
  const input: BattleInput = {
    catalogue,
    participants: [
      { role: 'ATTACKER', user_id: 1, username: 'attacker', units: army(1_000_000) },
      { role: 'DEFENDER', user_id: 2, username: 'defender', units: army(1_000_000) },
    ],
    target: { coords: [1, 1, 1], stock: { fiber: 1e9, crystal: 1e9 } },
  };
  for (let i = 0; i < 200; i++) resolveBattle(input, createRng(`warm${i}`));
  const times: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let report = resolveBattle(input, createRng('bench'));
  for (let i = 0; i < 501; i++) {
    const t0 = performance.now();
    report = resolveBattle(input, createRng(`bench${i}`));
    times.push(performance.now() - t0);
    if (i % 50 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const heapAfter = process.memoryUsage().heapUsed;
  peak = Math.max(peak, heapAfter);
  const json = JSON.stringify(report).length;
  console.log(`large battle: 1,000,000 v 1,000,000 units, ${TYPES} types a side, ${report.rounds_fought} rounds, outcome ${report.outcome}`);
  console.log(`  median ${median(times).toFixed(3)} ms  (p10 ${percentile(times, 0.1).toFixed(3)}, p90 ${percentile(times, 0.9).toFixed(3)}) over ${times.length} runs`);
  console.log(`  heap used ${mb(heapBefore)} before the runs, ${mb(heapAfter)} after, peak seen ${mb(peak)}; report ${(json / 1024).toFixed(0)} KB as JSON`);
}

function percentile(xs: number[], p: number) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;
}

function perSecond(label: string, run: (i: number) => void) {
  for (let i = 0; i < 2000; i++) run(i);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1000) {
    for (let j = 0; j < 100; j++) run(n++);
  }
  const rate = n / ((performance.now() - t0) / 1000);
  console.log(`${label}: ${Math.round(rate).toLocaleString('en-US')} per second`);
}

function smallBattles() {
  const catalogue = loadCatalogue();
  const input: BattleInput = {
    catalogue,
    participants: [
      { role: 'ATTACKER', user_id: 1, username: 'a', units: { razorwing: 40, spine_lancer: 10, hauler_grub: 5 } },
      { role: 'DEFENDER', user_id: 2, username: 'd', units: { razorwing: 20 }, defenses: { thorn_pit: 15, spitting_polyp: 10 } },
    ],
    target: { coords: [1, 1, 1], stock: { fiber: 50000, crystal: 20000 } },
  };
  perSecond('small battles (55 v 45 units, 3 v 3 types)', (i) => resolveBattle(input, createRng(`s${i}`)));
}

function settlements() {
  const catalogue = loadCatalogue();
  const structures = { fiber_tangle: 12, crystal_geode: 10, biomass_vat: 8, resin_gland: 4, hoard_sac: 5, builder_hive: 6 };
  const eco = territoryEconomy(catalogue, structures, { photosynthetic_weave: 3 }, { razorwing: 300 });
  const stock = { fiber: 1000, crystal: 500, biomass: 200, resin: 10 };
  perSecond('settle (one territory, 4 resources)', (i) => settle(stock, eco.rates, eco.storage, 0, 60_000 * (i % 1000)));
  perSecond('territoryEconomy + settle (rates recomputed each time)', (i) => {
    const e = territoryEconomy(catalogue, structures, { photosynthetic_weave: 3 }, { razorwing: 300 });
    settle(stock, e.rates, e.storage, 0, 60_000 * (i % 1000));
  });
}

console.log(`node ${process.version}, ${process.arch}`);
largeBattle();
smallBattles();
settlements();
