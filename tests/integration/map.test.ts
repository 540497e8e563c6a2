import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApi, type TestApi } from '@brood/api/testing';
import { MAP_POSITIONS as P, MAP_REGIONS as R, MAP_SUB_REGIONS as S } from '@brood/world';

/**
 * The map's reads over /api/v1. Players and territories are written straight into the database
 * (signing up would place a starting territory), so each test lays out exactly the map it reads.
 */
let api: TestApi;
let sql: pg.Client;

interface Player {
  id: number;
  auth: { authorization: string };
}

async function player(name: string): Promise<Player> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`,
    [name, `${name}@example.test`],
  );
  const id = rows[0]!.id;
  return { id, auth: { authorization: `Bearer ${await api.deps.tokens.issue({ id, username: name })}` } };
}

async function territory(owner: number | null, region: number, subRegion: number, position: number, name = 'Hive'): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into territories (owner_id, name, region, sub_region, position) values ($1, $2, $3, $4, $5) returning id`,
    [owner, name, region, subRegion, position],
  );
  return rows[0]!.id;
}

async function get<T>(url: string, who: Player): Promise<{ status: number; body: T }> {
  const res = await api.app.inject({ method: 'GET', url, headers: who.auth });
  return { status: res.statusCode, body: res.json() as T };
}

/** A tRPC query's data (superjson's envelope unwrapped); fails on an error answer. */
async function query<T>(path: string, input: unknown, who: Player): Promise<T> {
  const res = await api.app.inject({ method: 'GET', url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { result: { data: { json: T } } }).result.data.json;
}

interface RegionRow { region_id: number; has_player_presence: boolean; has_enemy_presence: boolean }
interface SubRow { sub_region_id: number; has_player_presence: boolean; has_enemy_presence: boolean }
interface TerritoryRow {
  id: number; name: string; region: number; sub_region: number; position: number;
  owner: { id: number } | null; owner_id: number | null; owner_status: string[]; owner_username: string | null;
}

/** Regions (or sub-regions) flagged, as `id:mine/enemy` strings, so an assertion reads like the map. */
function flagged(rows: (RegionRow | SubRow)[]): string[] {
  return rows
    .filter((r) => r.has_player_presence || r.has_enemy_presence)
    .map((r) => `${'region_id' in r ? r.region_id : r.sub_region_id}:${r.has_player_presence ? 'mine' : '-'}/${r.has_enemy_presence ? 'enemy' : '-'}`);
}

beforeAll(async () => {
  api = await createTestApi();
  sql = new pg.Client({ connectionString: api.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await api?.close();
});

describe('GET /api/v1/map/regions-overview', () => {
  it('answers all regions of the grid with the caller\'s and other players\' presence', async () => {
    const ana = await player('ana');
    const bob = await player('bob');
    await territory(ana.id, 480, 1, 1);
    await territory(ana.id, 480, 2, 5);
    await territory(bob.id, 480, 3, 1);
    await territory(bob.id, 12, S, P);
    await territory(ana.id, R, 7, 7);
    await territory(null, 300, 1, 1); // an ownerless territory is nobody's presence

    const forAna = await get<RegionRow[]>('/api/v1/map/regions-overview', ana);
    expect(forAna.status).toBe(200);
    expect(forAna.body).toHaveLength(R);
    expect(forAna.body.map((r) => r.region_id)).toEqual(Array.from({ length: R }, (_, i) => i + 1));
    expect(flagged(forAna.body)).toEqual(['12:-/enemy', '480:mine/enemy', `${R}:mine/-`]);

    const forBob = await get<RegionRow[]>('/api/v1/map/regions-overview', bob);
    expect(flagged(forBob.body)).toEqual(['12:mine/-', '480:mine/enemy', `${R}:-/enemy`]);

    // The web map's read answers the same presence as two lists of ids.
    for (const [who, rest] of [[ana, forAna], [bob, forBob]] as const) {
      const present = await query<{ mine: number[]; enemy: number[] }>('map.regionsOverview', undefined, who);
      expect(present).toEqual({
        mine: rest.body.filter((r) => r.has_player_presence).map((r) => r.region_id),
        enemy: rest.body.filter((r) => r.has_enemy_presence).map((r) => r.region_id),
      });
    }
  });

  it('refuses a caller without a valid token', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/map/regions-overview' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('GET /api/v1/map/region/{id}/subregions-overview', () => {
  it('answers every sub-region of the region with presence flags', async () => {
    const cy = await player('cy');
    const dee = await player('dee');
    await territory(cy.id, 100, 1, 1);
    await territory(cy.id, 100, 1, 2);
    await territory(dee.id, 100, 1, 3);
    await territory(dee.id, 100, 500, 3);
    await territory(dee.id, 101, 2, 3); // another region does not leak in

    const res = await get<SubRow[]>('/api/v1/map/region/100/subregions-overview', cy);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(S);
    expect(res.body[S - 1]!.sub_region_id).toBe(S);
    expect(flagged(res.body)).toEqual(['1:mine/enemy', '500:-/enemy']);
    expect(await query<{ mine: number[]; enemy: number[] }>('map.subregionsOverview', { regionId: 100 }, cy)).toEqual({ mine: [1], enemy: [1, 500] });
  });
});

describe('GET /api/v1/map/region/{id}/territories', () => {
  it('lists the region\'s territories in grid order with owner id and username', async () => {
    const eve = await player('eve');
    const t2 = await territory(eve.id, 200, 9, 4, 'Spawnpool');
    const t1 = await territory(null, 200, 3, 25, 'Husk');
    await territory(eve.id, 201, 9, 4, 'Elsewhere');

    const res = await get<TerritoryRow[]>('/api/v1/map/region/200/territories', eve);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: t1, name: 'Husk', region: 200, sub_region: 3, position: 25, owner: null, owner_id: null, owner_status: [], owner_username: null },
      { id: t2, name: 'Spawnpool', region: 200, sub_region: 9, position: 4, owner: { id: eve.id }, owner_id: eve.id, owner_status: [], owner_username: 'eve' },
    ]);
  });

  it('narrows to one sub-region through the tRPC procedure', async () => {
    const fay = await player('fay');
    await territory(fay.id, 210, 1, 1, 'One');
    await territory(fay.id, 210, 2, 1, 'Two');
    const res = await api.app.inject({
      method: 'GET',
      url: `/trpc/map.regionTerritories?input=${encodeURIComponent(JSON.stringify({ json: { regionId: 210, subRegion: 2 } }))}`,
      headers: fay.auth,
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { result: { data: { json: TerritoryRow[] } } }).result.data.json.map((t) => t.name);
    expect(names).toEqual(['Two']);
  });
});

describe('GET /api/v1/map/region/{id}/territories of a full region', () => {
  const REGION = 321;

  /** The answer recounted from the tables, as the spec's objects (social 3) in grid order. */
  async function recount(): Promise<TerritoryRow[]> {
    const { rows } = await sql.query<{ id: number; name: string; sub_region: number; position: number; owner_id: number | null; owner_username: string | null }>(
      `select t.id, t.name, t.sub_region, t.position, t.owner_id, u.username as owner_username
         from territories t left join users u on u.id = t.owner_id
        where t.region = $1 order by t.sub_region, t.position`,
      [REGION],
    );
    return rows.map((r) => ({
      id: r.id, name: r.name, region: REGION, sub_region: r.sub_region, position: r.position,
      owner: r.owner_id === null ? null : { id: r.owner_id }, owner_id: r.owner_id, owner_status: [], owner_username: r.owner_username,
    }));
  }

  /** The answer is byte for byte the compact JSON of the recount; on a mismatch, the first territory that differs. */
  async function expectFresh(from: TestApi, who: Player): Promise<void> {
    const res = await from.app.inject({ method: 'GET', url: `/api/v1/map/region/${REGION}/territories`, headers: who.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = await recount();
    if (res.body !== JSON.stringify(expected)) {
      const got = res.json() as TerritoryRow[];
      const at = expected.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(got[i]));
      expect({ count: got.length, first: got[at] }).toEqual({ count: expected.length, first: expected[at] });
      expect(res.body).toBe(JSON.stringify(expected)); // same objects, other bytes
    }
  }

  it('stays what the tables say after territories are added, removed, renamed, change hands and owners are renamed, on every api process', async () => {
    const kim = await player('kim');
    const lou = await player('lou');
    // Every position of the region taken (24,025 in the spec's grid); a few ownerless.
    await sql.query(
      `insert into territories (owner_id, name, region, sub_region, position)
       select case when s = $4 and p > $5 - 5 then null when (s + p) % 2 = 0 then $1::int else $2::int end, 'Hive ' || s || '-' || p, $3, s, p
         from generate_series(1, $4) s, generate_series(1, $5) p`,
      [kim.id, lou.id, REGION, S, P],
    );
    // A second api process on the same database, as behind a load balancer: each keeps its own answers.
    const other = await createTestApi({}, { sameDatabaseAs: api });
    try {
      const check = async () => {
        await expectFresh(api, kim);
        await expectFresh(other, lou);
        await expectFresh(api, kim); // a kept answer, after the other process read
      };
      await check();
      expect((await recount()).length).toBe(S * P);

      await sql.query('delete from territories where region = $1 and sub_region = 480 and position = 13', [REGION]); // removed
      await check();
      await territory(lou.id, REGION, 480, 13, 'Newcomer'); // added
      await check();
      await sql.query(`update territories set name = 'Renamed' where region = $1 and sub_region = 7 and position = 7`, [REGION]); // renamed
      await check();
      await sql.query('update territories set owner_id = $1 where region = $2 and sub_region = 900 and position = 1', [kim.id, REGION]); // conquered
      await check();
      await sql.query(`update territories set owner_id = $1 where region = $2 and sub_region = $3 and position = $4`, [lou.id, REGION, S, P]); // colonised
      await check();
      await sql.query(`update users set username = 'kim_claimed' where id = $1`, [kim.id]); // a guest claimed: its owner renamed
      await check();
      await sql.query(`update territories set resources = '{"fiber": 9}' where region = $1 and sub_region < 100`, [REGION]); // no change to the answer
      await check();
      await sql.query('update territories set region = 322 where region = $1 and sub_region = 100 and position = 1', [REGION]); // moved away
      await check();
      await sql.query('update territories set region = $1 where region = 322 and sub_region = 100 and position = 1', [REGION]); // and back
      await check();
    } finally {
      await other.close();
    }
  });

  it('refuses a caller without a valid token', async () => {
    const res = await api.app.inject({ method: 'GET', url: `/api/v1/map/region/${REGION}/territories` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('region ids outside the grid', () => {
  it.each(['0', String(R + 1), '-3', '1.5', 'abc'])('GET .../region/%s/... is a 4xx that says what a region id is', async (id) => {
    const gus = await player(`gus${id.replace(/\W/g, '_')}`);
    for (const path of [`/api/v1/map/region/${id}/territories`, `/api/v1/map/region/${id}/subregions-overview`]) {
      const res = await get<{ detail: { msg: string }[] }>(path, gus);
      expect(res.status).toBe(422);
      expect(res.body.detail[0]!.msg).toBe(`Region id must be a whole number between 1 and ${R}.`);
    }
  });
});

describe('occupancy counters', () => {
  it('follow owner changes, moves and deletions, and always equal a recount', async () => {
    const hal = await player('hal');
    const ivy = await player('ivy');
    const a = await territory(hal.id, 700, 10, 1);
    const b = await territory(ivy.id, 700, 10, 2);
    const view = async () => flagged((await get<SubRow[]>('/api/v1/map/region/700/subregions-overview', hal)).body);
    expect(await view()).toEqual(['10:mine/enemy']);

    await sql.query(`update territories set owner_id = $1 where id = $2`, [hal.id, b]); // conquered
    expect(await view()).toEqual(['10:mine/-']);
    await sql.query(`update territories set sub_region = 11 where id = $1`, [a]);
    expect(await view()).toEqual(['10:mine/-', '11:mine/-']);
    await sql.query(`update territories set resources = '{"fiber": 5}' where id = $1`, [a]); // no effect on presence
    await sql.query(`update territories set owner_id = $1 where id = $2`, [ivy.id, a]);
    expect(await view()).toEqual(['10:mine/-', '11:-/enemy']);
    await sql.query(`delete from users where id = $1`, [ivy.id]); // a guest expires: its territories go
    expect(await view()).toEqual(['10:mine/-']);

    const drift = await sql.query(`
      select region, sub_region from (
        select region, sub_region, territories from subregion_occupancy where territories <> 0
        except select region, sub_region, count(*)::int from territories where owner_id is not null group by 1, 2) d
      union all
      select region, 0 from (
        select region, territories from region_occupancy where territories <> 0
        except select region, count(*)::int from territories where owner_id is not null group by 1) r`);
    expect(drift.rows).toEqual([]);
  });
});

describe('GET /api/v1/wreckage-fields/all', () => {
  it('lists the fields that have not expired, with their resources', async () => {
    const jo = await player('jo');
    await sql.query(`
      insert into wreckage_fields (region, sub_region, position, resources, expires_at) values
        (5, 6, 7, '{"fiber": 1200, "crystal": 300}', now() + interval '72 hours'),
        (5, 6, 8, '{"fiber": 1}', now() - interval '1 minute')`);
    const res = await get<{ id: number; region: number; sub_region: number; position: number; resources: Record<string, number> }[]>(
      '/api/v1/wreckage-fields/all',
      jo,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ region: 5, sub_region: 6, position: 7, resources: { fiber: 1200, crystal: 300 } }),
    ]);
  });
});

describe('/trpc wreckage.map: the wreckage the map shows at one level', () => {
  interface WreckageMap {
    regions: { ids: number[]; fields: number[] };
    sub_regions: { region: number | null; ids: number[]; fields: number[] };
    fields: { region: number; sub_region: number; position: number; resources: Record<string, number>; expires_at: string }[];
  }
  const level = async (who: Player, input: object) => {
    const res = await api.app.inject({ method: 'GET', url: `/trpc/wreckage.map?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, headers: who.auth });
    return { status: res.statusCode, body: res.json() as { result?: { data: { json: WreckageMap } }; error?: unknown } };
  };

  it('counts the live fields by region, by sub-region of the region asked, and lists those of the sub-region asked', async () => {
    const kim = await player('wreck_kim');
    await sql.query(`delete from wreckage_fields`);
    await sql.query(`
      insert into wreckage_fields (region, sub_region, position, resources, expires_at) values
        (40, 6, 7, '{"fiber": 1200}', now() + interval '72 hours'),
        (40, 6, 9, '{"crystal": 5}', now() + interval '1 hour'),
        (40, 8, 1, '{"fiber": 3}', now() + interval '1 hour'),
        (41, 1, 1, '{"fiber": 4}', now() + interval '1 hour'),
        (40, 6, 8, '{"fiber": 1}', now() - interval '1 minute')`);
    const galaxy = await level(kim, {});
    expect(galaxy.status).toBe(200);
    expect(galaxy.body.result!.data.json).toEqual({ regions: { ids: [40, 41], fields: [3, 1] }, sub_regions: { region: null, ids: [], fields: [] }, fields: [] });
    const region = (await level(kim, { regionId: 40 })).body.result!.data.json;
    expect(region.sub_regions).toEqual({ region: 40, ids: [6, 8], fields: [2, 1] });
    expect(region.fields).toEqual([]);
    const sector = (await level(kim, { regionId: 40, subRegion: 6 })).body.result!.data.json;
    expect(sector.regions).toEqual(galaxy.body.result!.data.json.regions);
    expect(sector.fields.map((f) => [f.position, f.resources])).toEqual([[7, { fiber: 1200 }], [9, { crystal: 5 }]]);
    // The expired field at 40:6:8 is gone at every level; expiry instants come as dates (superjson).
    expect(new Date(sector.fields[0]!.expires_at).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
  });

  it('refuses a sub-region without its region, and a region off the grid, with a 400 that says why', async () => {
    const kim = await player('wreck_kim2');
    const lone = await level(kim, { subRegion: 6 });
    expect(lone.status).toBe(400);
    expect(JSON.stringify(lone.body.error)).toContain('A sub-region is read with its region: send regionId too.');
    const off = await level(kim, { regionId: R + 1 });
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body.error)).toContain(`Region id must be a whole number between 1 and ${R}.`);
  });
});
