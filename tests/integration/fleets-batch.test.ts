import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, arriveMovements, sendFleet, type SendFleetInput } from '@brood/world';
import { at, fleetWorld, freshRegion, T0, type FleetWorld, type Player } from './support/fleet-world';

/** A batch of arrivals (the worker's path) against the same arrivals applied one by one. */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

const NOW = at(86_400_000);

interface Scene {
  roles: Map<string, string>;
  territories: Record<string, number>;
  players: Player[];
  jobs: { id: string; leg: number; due: number }[];
}

const send = (p: Player, from: number, target: [number, number, number], input: Partial<SendFleetInput>) =>
  sendFleet(w.deps(), p.actor, { start_territory_id: from, target_region: target[0], target_sub_region: target[1], target_position: target[2], mission: input.mission ?? 'TRANSPORT', units: input.units ?? { hauler_grub: 2 }, resources: input.resources }, T0);

/**
 * Alice (a home and an outpost), Bob and Carol in one fresh region, five legs due: Carol's transport
 * to Bob, Alice's station to her outpost, Bob's transport to her home, and two fleets already on their
 * way home (one to Alice's home, one to Bob's), so Alice's home and Bob's home each see two arrivals.
 */
async function scene(): Promise<Scene> {
  const r = freshRegion();
  const alice = await w.player({ coords: [r, 1, 1], units: { hauler_grub: 8 } });
  const bob = await w.player({ coords: [r, 2, 5], units: { hauler_grub: 4 } });
  const carol = await w.player({ coords: [r, 3, 2], units: { hauler_grub: 2 } });
  const outpost = await w.territory(alice, { coords: [r, 1, 4], resources: { fiber: 10 } });
  const returning = [await send(alice, alice.territory, [r, 1, 4], { resources: { crystal: 500 } }), await send(bob, bob.territory, [r, 1, 4], { resources: { fiber: 700 } })];
  for (const m of returning) expect(await applyArrival(w.deps(), { id: m.id, leg: 0 }, new Date(m.arrival_time))).toBe('applied');
  const legs = [
    await send(carol, carol.territory, bob.coords, { resources: { fiber: 3_000 } }),
    await send(alice, alice.territory, [r, 1, 4], { mission: 'STATION', units: { hauler_grub: 2 }, resources: { crystal: 900 } }),
    await send(bob, bob.territory, alice.coords, { resources: { biomass: 1_200 } }),
  ];
  const rows = await w.sql<{ id: string; leg: number; arrival_time: Date }>('select id, leg, arrival_time from movements where id::text = any(string_to_array(?, \',\'))', [[...returning, ...legs].map((m) => m.id).join(',')]);
  const roles = new Map<string, string>([[alice.username, 'ALICE'], [bob.username, 'BOB'], [carol.username, 'CAROL']]);
  [...returning, ...legs].forEach((m, i) => roles.set(m.id, `M${i}`));
  roles.set(`${r}:`, 'R:');
  return {
    roles,
    territories: { aliceHome: alice.territory, outpost, bobHome: bob.territory, carolHome: carol.territory },
    players: [alice, bob, carol],
    jobs: rows.map((m) => ({ id: m.id, leg: m.leg, due: new Date(m.arrival_time).getTime() })).sort((a, b) => a.due - b.due),
  };
}

/** The scene's world and messages with its names and coordinates replaced by roles, to compare two scenes. */
async function snapshot(s: Scene): Promise<unknown> {
  const named = (text: string) => [...s.roles].reduce((t, [from, to]) => t.split(from).join(to), text);
  const territories = await Promise.all(Object.entries(s.territories).map(async ([role, id]) => {
    const [row] = await w.sql<{ resources: object; units: object; updated: Date }>('select resources, units, resources_updated_at as updated from territories where id = ?', [id]);
    return { role, resources: row!.resources, units: row!.units, updated: new Date(row!.updated).getTime() };
  }));
  const movements = await w.sql<{ id: string; mission: string; leg: number; arrival_time: Date | null; units: object; resources: object }>(
    'select id, mission, leg, arrival_time, units, resources from movements where user_id::text = any(string_to_array(?, \',\')) order by id',
    [s.players.map((p) => p.actor.id).join(',')],
  );
  const notes = await w.sql<{ user_id: number; message_type: string; title: string; content: Record<string, unknown>; related_object_id: string }>(
    'select user_id, message_type, title, content, related_object_id from notifications where user_id::text = any(string_to_array(?, \',\'))',
    [s.players.map((p) => p.actor.id).join(',')],
  );
  const jobs = await w.sql<{ id: string; leg: string; start_after: Date }>(
    `select data->>'id' as id, data->>'leg' as leg, start_after from pgboss.job where name = 'movement-arrival' and data->>'id' = any(string_to_array(?, ','))`,
    [[...s.roles.keys()].join(',')],
  );
  const userRole = (id: number) => s.roles.get(s.players.find((p) => p.actor.id === id)!.username);
  const withoutCoords = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => !k.endsWith('_coords')));
  return {
    territories,
    jobs: jobs.map((j) => `${s.roles.get(j.id)}:${j.leg}@${new Date(j.start_after).getTime()}`).sort(),
    movements: movements.map((m) => ({ ...m, id: s.roles.get(m.id), arrival_time: m.arrival_time && new Date(m.arrival_time).getTime() })).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    notes: notes
      .map((n) => JSON.parse(named(JSON.stringify({ ...n, user_id: userRole(n.user_id), content: withoutCoords(n.content) }))) as { related_object_id: string; message_type: string; user_id: string })
      .sort((a, b) => `${a.related_object_id}${a.message_type}${a.user_id}`.localeCompare(`${b.related_object_id}${b.message_type}${b.user_id}`)),
  };
}

describe('arriveMovements', () => {
  it('applies mixed arrivals at several territories as applying them one by one does, and a second run changes nothing', async () => {
    const single = await scene();
    for (const job of single.jobs) expect(await applyArrival(w.deps(), job, NOW)).toBe('applied');
    const batch = await scene();
    expect(batch.jobs.map((j) => j.due - T0.getTime())).toEqual(single.jobs.map((j) => j.due - T0.getTime()));
    // Shuffled: the batch puts them in time order itself.
    const jobs = [...batch.jobs].reverse().map(({ id, leg }) => ({ id, leg }));
    const outcomes = await arriveMovements(w.deps(), jobs, NOW);
    expect([...outcomes.values()]).toEqual(jobs.map(() => 'applied'));

    const expected = await snapshot(single);
    const after = await snapshot(batch);
    expect(after).toEqual(expected);
    expect((after as { notes: unknown[] }).notes.length).toBeGreaterThanOrEqual(7);

    const again = await arriveMovements(w.deps(), jobs, NOW);
    expect([...again.values()].every((o) => o === 'stale' || o === 'missing')).toBe(true);
    expect(await snapshot(batch)).toEqual(after);
  });

  it('answers not-due for a leg whose arrival is still ahead and applies the rest', async () => {
    const s = await scene();
    const [first, ...rest] = s.jobs;
    const outcomes = await arriveMovements(w.deps(), s.jobs.map(({ id, leg }) => ({ id, leg })), new Date(first!.due));
    expect(outcomes.get(`${first!.id}:${first!.leg}`)).toBe('applied');
    for (const j of rest.filter((r) => r.due > first!.due)) expect(outcomes.get(`${j.id}:${j.leg}`)).toBe('not-due');
  });
});
