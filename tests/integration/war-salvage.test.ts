import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, createOrm, leaveWreckage, listHallOfFame } from '@brood/world';
import { T0, eventually, fleetWorld, type Coords, type FleetWorld, type Player } from './support/fleet-world';
import { warHelpers } from './support/war-world';

/**
 * SALVAGE missions, each outcome of the spec; and `npm run battle:replay` on a battle stored here. The
 * Hall of Fame threshold is 1 in this universe, so that battle enters it.
 */

let w: FleetWorld;
let h: ReturnType<typeof warHelpers>;
beforeAll(async () => {
  w = await fleetWorld({ universe: { hall_of_fame: { min_destroyed_value: 1 } } });
  h = warHelpers(w);
});
afterAll(async () => {
  await w?.stop();
});

const debris = (c: Coords, resources: Record<string, number>) => leaveWreckage({ em: w.db.orm.em.fork(), catalogue: w.catalogue, later: {} }, { region: c[0], sub_region: c[1], position: c[2] }, resources, T0);
/** A field stored as it is (`resources` as JSON text), living far beyond the tests' instants. */
const field = (c: Coords, resources: string) =>
  w.sql(`insert into wreckage_fields (region, sub_region, position, resources, expires_at) values (?, ?, ?, ?::jsonb, ?)`, [...c, resources, new Date(T0.getTime() + 3_600_000_000)]);
const salvager = () => w.player({ units: { carrion_beetle: 2, razorwing: 1 } });
const spotNear = (p: Player, s: number): Coords => [p.coords[0], s, 7];

describe('SALVAGE', () => {
  it('takes what free cargo holds, leaves the rest, and brings it home', async () => {
    const p = await salvager();
    const spot = spotNear(p, 2);
    await debris(spot, { fiber: 30_000, crystal: 30_000 });
    const sent = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 2 } });
    await h.arrive(sent.id);
    const [note] = await h.notes(p.actor.id, 'SALVAGE_SUCCESSFUL');
    expect(note!.content).toMatchObject({ coordinates: spot, salvaged_resources: { fiber: 20_000, crystal: 20_000 }, resources_remaining_in_wreckage: { fiber: 10_000, crystal: 10_000 }, wreckage_field_emptied: false, fleet_cargo_capacity_remaining: 0 });
    expect((await h.wreckageAt(spot))!.resources).toEqual({ fiber: 10_000, crystal: 10_000 });
    expect((await h.movement(sent.id))!).toMatchObject({ mission: 'RETURN', resources: { fiber: 20_000, crystal: 20_000 } });
  });

  it('empties a small field, which is removed (WRECKAGE_FIELD_DEPLETED)', async () => {
    const p = await salvager();
    const spot = spotNear(p, 3);
    await debris(spot, { chitin: 700 });
    const sent = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 1 } });
    await h.arrive(sent.id);
    expect((await h.notes(p.actor.id, 'SALVAGE_SUCCESSFUL'))[0]!.content).toMatchObject({ salvaged_resources: { chitin: 700 }, wreckage_field_emptied: true });
    expect(await h.wreckageAt(spot)).toBeUndefined();
    await eventually(() => w.events.find((e) => e.user_id === p.actor.id && e.event === 'WRECKAGE_FIELD_DEPLETED'));
  });

  it.each([
    ['no field there', 'SALVAGE_FAILED_NO_WRECKAGE', async () => undefined],
    ['an empty field', 'SALVAGE_FAILED_EMPTY_WRECKAGE', async (spot: Coords) => { await field(spot, '{}'); }],
    // A corrupt row (JSON null where the amounts belong): reading it throws in the server's own code, not in the database.
    ['a field whose stored amounts are not an object', 'SALVAGE_FAILED_UNEXPECTED_ERROR', async (spot: Coords) => { await field(spot, 'null'); }],
  ] as const)('fails with %s', async (_, type, prepare) => {
    const p = await salvager();
    const spot = spotNear(p, { SALVAGE_FAILED_NO_WRECKAGE: 4, SALVAGE_FAILED_EMPTY_WRECKAGE: 5, SALVAGE_FAILED_UNEXPECTED_ERROR: 9 }[type]);
    await prepare(spot);
    const before = await w.sql('select * from wreckage_fields where region = ? and sub_region = ? and position = ?', spot);
    const sent = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 1 } });
    await h.arrive(sent.id);
    const [note] = await h.notes(p.actor.id, type);
    expect(note!.content).toMatchObject({ coordinates: spot, details: expect.any(String) });
    expect((await eventually(() => w.events.find((e) => e.user_id === p.actor.id && e.event === type))).data).toMatchObject({ movement_id: sent.id, details: expect.any(String) });
    expect((await h.movement(sent.id))!).toMatchObject({ mission: 'RETURN', resources: {} });
    expect(await w.sql('select * from wreckage_fields where region = ? and sub_region = ? and position = ?', spot)).toEqual(before);
  });

  it('fails without a salvaging unit, or without free cargo room', async () => {
    const p = await salvager();
    const spot = spotNear(p, 6);
    await debris(spot, { fiber: 5_000 });
    // Neither can be dispatched as such: the fleets are changed in flight, as a future rule might leave them.
    const a = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 1 } });
    await w.sql(`update movements set units = '{"razorwing": 1}'::jsonb where id = ?`, [a.id]);
    const b = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 1 } });
    await w.sql(`update movements set resources = '{"fiber": 20000}'::jsonb where id = ?`, [b.id]);
    await h.arrive(a.id);
    await h.arrive(b.id);
    expect(await h.notes(p.actor.id, 'SALVAGE_FAILED_NO_CAPABILITY')).toHaveLength(1);
    expect(await h.notes(p.actor.id, 'SALVAGE_FAILED_NO_CARGO')).toHaveLength(1);
    expect((await h.wreckageAt(spot))!.resources).toEqual({ fiber: 5_000 });
  });

  it('reports a database failure at the field, rolled back to before it, and the fleet flies home', async () => {
    const p = await salvager();
    const spot = spotNear(p, 8);
    await debris(spot, { fiber: 5_000 });
    const sent = await h.send(p, spot, { mission: 'SALVAGE', units: { carrion_beetle: 1 } });
    // The field's row is held by another transaction, and this database gives up waiting for it.
    const holder = w.db.orm.em.fork();
    await holder.begin();
    await holder.execute('select 1 from wreckage_fields where region = ? and sub_region = ? and position = ? for update', spot);
    await w.sql(`alter database "${w.db.name}" set lock_timeout = '300ms'`);
    const impatient = await createOrm(w.db.url, { poolMax: 1 });
    try {
      const m = (await h.movement(sent.id))!;
      expect(await applyArrival({ em: impatient.em.fork(), catalogue: w.catalogue, boss: w.boss }, { id: sent.id, leg: m.leg }, new Date(m.arrival_time!))).toBe('applied');
    } finally {
      await holder.rollback();
      await impatient.close(true);
      await w.sql(`alter database "${w.db.name}" reset lock_timeout`);
    }
    expect((await h.notes(p.actor.id, 'SALVAGE_FAILED_DATABASE_ERROR'))[0]!.content).toMatchObject({ coordinates: spot });
    expect((await h.wreckageAt(spot))!.resources).toEqual({ fiber: 5_000 });
    expect((await h.movement(sent.id))!).toMatchObject({ mission: 'RETURN', resources: {} });
  });
});

describe('battle:replay', () => {
  it('re-runs a stored battle from the command line and says it came out identical', async () => {
    const alice = await w.player({ units: { razorwing: 50 } });
    const bob = await w.player({ coords: [alice.coords[0], 9, 9], units: { razorwing: 10 } });
    const sent = await h.send(alice, bob.coords, { units: { razorwing: 50 } });
    await h.arrive(sent.id);
    const [report] = await h.notes(alice.actor.id, 'COMBAT_REPORT');
    const id = report!.related_object_id;
    // The Hall of Fame entry refers to the stored battle and serves its report as the combat log.
    const [stored] = await w.sql<{ battle_id: string; combat_log_data: unknown }>('select battle_id, combat_log_data from hall_of_fame_entries where attacker_user_id = ?', [alice.actor.id]);
    expect(stored).toEqual({ battle_id: id, combat_log_data: null });
    const fame = (await listHallOfFame(w.db.orm.em.fork(), { skip: 0, limit: 100 })).find((e) => e.attacker_user_id === alice.actor.id);
    expect(fame).toMatchObject({ defender_user_id: bob.actor.id, combat_log_data: report!.content });
    const root = resolve(import.meta.dirname, '../..');
    const { stdout } = await promisify(execFile)('node', ['scripts/bootstrap.mjs', 'battle-replay', id], { cwd: root, env: { ...process.env, DATABASE_URL: w.db.url } });
    expect(stdout).toContain(`"battle_id":${id}`);
    expect(stdout).toContain('"identical":true');
    expect(stdout).toContain('1 of 1 battle(s) replayed identically');
    expect(await h.expectEveryBattleReplays()).toBeGreaterThanOrEqual(1);
  });
});
