import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue, RESOURCE_KEYS } from '@brood/game-data';
import { advanceTerritory, type ResearchChange, type TerritoryQueueItem, type TerritoryState } from './advance';

const catalogue = loadCatalogue();
/** 2030-01-01T00:00:00Z in epoch ms. */
const T0 = 1_893_456_000_000;
const MINUTE = 60_000;
const HORIZON_MIN = 16 * 60;

const structureKeys = Object.keys(catalogue.structures);
const unitKeys = Object.keys(catalogue.units);
const defenseKeys = Object.keys(catalogue.defenses);
const techKeys = Object.keys(catalogue.technologies);

interface Scenario {
  state: TerritoryState;
  items: TerritoryQueueItem[];
  research: ResearchChange[];
}

const building = fc.record({ key: fc.constantFrom(...structureKeys), level: fc.integer({ min: 1, max: 10 }), start: fc.integer({ min: 0, max: HORIZON_MIN }), minutes: fc.integer({ min: 1, max: 600 }) })
  .map(({ key, level, start, minutes }): TerritoryQueueItem => ({
    kind: 'building', itemKey: key, targetLevel: level, quantity: null, durationPerItemS: null, startTime: T0 + start * MINUTE, endTime: T0 + (start + minutes) * MINUTE,
  }));

const batchOf = (kind: 'recruitment' | 'defense', keys: string[], maxQuantity: number, maxPerItemS: number) =>
  fc.record({ key: fc.constantFrom(...keys), quantity: fc.integer({ min: 1, max: maxQuantity }), perItemS: fc.integer({ min: 1, max: maxPerItemS }), start: fc.integer({ min: 0, max: HORIZON_MIN }) })
    .map(({ key, quantity, perItemS, start }): TerritoryQueueItem => ({
      kind, itemKey: key, targetLevel: null, quantity, durationPerItemS: perItemS, startTime: T0 + start * MINUTE, endTime: T0 + start * MINUTE + quantity * perItemS * 1000,
    }));

/** Batches small enough to be delivered unit by unit (at most 240 steps per window). */
const batch = fc.oneof(batchOf('recruitment', unitKeys, 40, 1800), batchOf('defense', defenseKeys, 40, 1800));

const researchChange = fc.record({ key: fc.constantFrom(...techKeys), level: fc.integer({ min: 1, max: 6 }), end: fc.integer({ min: -60, max: HORIZON_MIN }) })
  .map(({ key, level, end }): ResearchChange => ({ itemKey: key, targetLevel: level, endTime: T0 + end * MINUTE }));

const amounts = (keys: readonly string[], max: number, integer: boolean) =>
  fc.dictionary(fc.constantFrom(...keys), integer ? fc.integer({ min: 0, max }) : fc.double({ min: 0, max, noNaN: true }), { maxKeys: 6 });

const scenario = (batches: fc.Arbitrary<TerritoryQueueItem>): fc.Arbitrary<Scenario> =>
  fc.record({
    resources: amounts(RESOURCE_KEYS, 20_000, false),
    structures: amounts(structureKeys, 8, true),
    units: amounts(unitKeys, 60, true),
    defenses: amounts(defenseKeys, 20, true),
    buildings: fc.array(building, { maxLength: 4 }),
    batches: fc.array(batches, { maxLength: 2 }),
    research: fc.array(researchChange, { maxLength: 4 }),
  }).map(({ resources, structures, units, defenses, buildings, batches: b, research }) => ({
    state: { resources, structures, units, defenses, updatedAt: T0 },
    items: [...buildings, ...b],
    research,
  }));

/** Instants (epoch ms) in [T0, T0 + horizon], ascending. */
const stops = fc.array(fc.integer({ min: 0, max: HORIZON_MIN * 60 }), { minLength: 1, maxLength: 5 })
  .map((s) => [...s].sort((a, b) => a - b).map((x) => T0 + x * 1000));

const END = T0 + HORIZON_MIN * MINUTE;

/** The states after settling to each stop in turn, then to END. */
function stepped({ state, items, research }: Scenario, at: readonly number[]) {
  const out = [];
  let s = state;
  for (const t of [...at, END]) {
    const settled = advanceTerritory(catalogue, s, items, research, t);
    out.push(settled);
    s = settled.state;
  }
  return out;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

/** Units (or defenses) a batch has handed over by t: one every durationPerItemS after startTime, at most quantity. */
function handedOver(items: readonly TerritoryQueueItem[], kind: 'recruitment' | 'defense', key: string, t: number): number {
  let n = 0;
  for (const i of items) {
    if (i.kind !== kind || i.itemKey !== key) continue;
    const done = Math.floor((t - i.startTime) / (i.durationPerItemS! * 1000));
    n += Math.min(i.quantity!, Math.max(0, done));
  }
  return n;
}

describe('advanceTerritory properties', () => {
  it('settling to t1 and then to t2 gives what settling to t2 at once gives', () => {
    fc.assert(fc.property(scenario(batch), stops, (sc, at) => {
      const once = advanceTerritory(catalogue, sc.state, sc.items, sc.research, END);
      const last = stepped(sc, at).at(-1)!;
      expect(last.state.structures).toEqual(once.state.structures);
      expect(last.state.units).toEqual(once.state.units);
      expect(last.state.defenses).toEqual(once.state.defenses);
      expect(last.technologies).toEqual(once.technologies);
      expect(last.state.updatedAt).toBe(END);
      for (const key of new Set([...Object.keys(once.state.resources), ...Object.keys(last.state.resources)])) {
        expect(near(last.state.resources[key] ?? 0, once.state.resources[key] ?? 0), `${key}: ${last.state.resources[key]} vs ${once.state.resources[key]}`).toBe(true);
      }
    }), { numRuns: 120 });
  });

  it('resources never go negative, and never above storage unless they started above it', () => {
    fc.assert(fc.property(scenario(batch), stops, (sc, at) => {
      for (const { state, economy } of stepped(sc, at)) {
        for (const [key, amount] of Object.entries(state.resources)) {
          expect(amount).toBeGreaterThanOrEqual(0);
          const ceiling = Math.max(sc.state.resources[key] ?? 0, economy.storage[key] ?? 0);
          expect(amount).toBeLessThanOrEqual(ceiling * (1 + 1e-12));
        }
      }
    }), { numRuns: 120 });
  });

  it('every unit and defense of a batch is delivered exactly once, however the time is cut', () => {
    const anyBatch = fc.oneof(batch, batchOf('recruitment', unitKeys, 3000, 20), batchOf('defense', defenseKeys, 3000, 20));
    fc.assert(fc.property(scenario(anyBatch), stops, (sc, at) => {
      const results = stepped(sc, at);
      [...at, END].forEach((t, i) => {
        const { units, defenses } = results[i]!.state;
        for (const key of unitKeys) expect(units[key] ?? 0).toBe((sc.state.units[key] ?? 0) + handedOver(sc.items, 'recruitment', key, t));
        for (const key of defenseKeys) expect(defenses[key] ?? 0).toBe((sc.state.defenses[key] ?? 0) + handedOver(sc.items, 'defense', key, t));
      });
    }), { numRuns: 80 });
  });

  it('with nothing queued and no upkeep, no resource ever falls as time passes', () => {
    fc.assert(fc.property(scenario(batch), stops, (sc, at) => {
      const quiet: Scenario = { state: { ...sc.state, units: {} }, items: [], research: [] };
      let before = quiet.state.resources;
      for (const { state } of stepped(quiet, at)) {
        for (const key of RESOURCE_KEYS) expect(state.resources[key] ?? 0).toBeGreaterThanOrEqual(before[key] ?? 0);
        before = state.resources;
      }
    }), { numRuns: 120 });
  });

  it('structure and technology levels only rise', () => {
    fc.assert(fc.property(scenario(batch), stops, (sc, at) => {
      let structures = sc.state.structures;
      let technologies: Record<string, number> = {};
      for (const settled of stepped(sc, at)) {
        for (const [key, level] of Object.entries(structures)) expect(settled.state.structures[key] ?? 0).toBeGreaterThanOrEqual(level);
        for (const [key, level] of Object.entries(technologies)) expect(settled.technologies[key] ?? 0).toBeGreaterThanOrEqual(level);
        structures = settled.state.structures;
        technologies = settled.technologies;
      }
    }), { numRuns: 120 });
  });

  it('settling to a time at or before the last settle changes nothing', () => {
    fc.assert(fc.property(scenario(batch), fc.integer({ min: 0, max: HORIZON_MIN * 60 }), (sc, back) => {
      const out = advanceTerritory(catalogue, sc.state, sc.items, sc.research, T0 - back * 1000);
      expect(out.state).toEqual(sc.state);
    }), { numRuns: 80 });
  });
});
