import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { WRECKAGE_MARKS_KEPT_MS, wreckageOnMap } from './map-wreckage.query';

/** The map's wreckage counts: read at most once a WRECKAGE_MARKS_KEPT_MS; a sector's fields always fresh. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.stop();
});

const t = Date.parse('2030-01-01T00:00:00Z');
const field = (region: number, subRegion: number, position: number, expiresAt: number) =>
  db.orm.em.getConnection().execute(`insert into wreckage_fields (region, sub_region, position, resources, expires_at) values (?, ?, ?, '{"fiber": 10}', ?)`, [region, subRegion, position, new Date(expiresAt)]);
const read = (at: number, view: { regionId?: number; subRegion?: number } = {}) => wreckageOnMap(db.orm.em.fork(), new Date(at), view);

describe('the wreckage the map shows', () => {
  it('keeps the galaxy\'s and a region\'s counts a second, with the fields made and expired in it, and reads a sector\'s fields fresh', async () => {
    await field(40, 6, 7, t + 72 * 3600_000);
    await field(41, 1, 1, t + 500);
    expect(await read(t, { regionId: 41 })).toEqual({ regions: { ids: [40, 41], fields: [1, 1] }, sub_regions: { region: 41, ids: [1], fields: [1] }, fields: [] });

    // A field made within the second is in its sector's fields at once, in the counts after.
    await field(41, 2, 2, t + 72 * 3600_000);
    const sector = await read(t + 100, { regionId: 41, subRegion: 2 });
    expect(sector.regions).toEqual({ ids: [40, 41], fields: [1, 1] });
    expect(sector.sub_regions).toEqual({ region: 41, ids: [1], fields: [1] });
    expect(sector.fields.map((f) => [f.region, f.sub_region, f.position, f.resources])).toEqual([[41, 2, 2, { fiber: 10 }]]);
    expect(sector.fields[0]!.expires_at).toEqual(new Date(t + 72 * 3600_000));
    // Both counts kept: nothing to read.
    expect(await read(t + 200, { regionId: 41 })).toEqual({ regions: sector.regions, sub_regions: sector.sub_regions, fields: [] });
    // Another region's counts are their own read.
    expect((await read(t + 100, { regionId: 40 })).sub_regions).toEqual({ region: 40, ids: [6], fields: [1] });

    // 41:1:1 expires at t + 500: the counts read at t count it to the end of their second, then not.
    expect(await read(t + 500, { regionId: 41, subRegion: 1 })).toEqual({ regions: sector.regions, sub_regions: sector.sub_regions, fields: [] });
    await field(43, 3, 3, t + 72 * 3600_000);
    expect(await read(t + WRECKAGE_MARKS_KEPT_MS - 1, { regionId: 41 })).toEqual({ regions: sector.regions, sub_regions: sector.sub_regions, fields: [] });
    expect(await read(t + WRECKAGE_MARKS_KEPT_MS, { regionId: 41 })).toEqual({
      regions: { ids: [40, 41, 43], fields: [1, 1, 1] },
      sub_regions: { region: 41, ids: [2], fields: [1] },
      fields: [],
    });
    // An instant before the kept one is read, not answered from what was kept.
    expect((await read(t + 400)).regions).toEqual({ ids: [40, 41, 43], fields: [1, 2, 1] });
  });
});
