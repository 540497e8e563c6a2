import { Migration } from '@mikro-orm/migrations';

/** Upserts signed counts from `source` (rows of region, sub_region, n) into both counters, in key order. */
function applyCounts(source: string): string {
  return `
        insert into region_occupancy as o (region, territories)
          select region, sum(n) from (${source}) d group by region order by region
        on conflict (region) do update set territories = o.territories + excluded.territories;
        insert into subregion_occupancy as o (region, sub_region, territories)
          select region, sub_region, sum(n) from (${source}) d group by region, sub_region order by region, sub_region
        on conflict (region, sub_region) do update set territories = o.territories + excluded.territories;`;
}

/**
 * Per-region and per-sub-region counts of owned territories, kept by triggers on `territories`, so the
 * map overviews read at most 961 small rows instead of scanning the grid (23 million positions).
 * "Enemy presence" is then `occupied > friendly`, where friendly territories come from the owner index.
 *
 * Inserts and deletes use statement-level triggers with transition tables: a bulk insert (a seed, a
 * guest's cascade delete) updates each counter once, and counters are upserted in key order so
 * concurrent writers lock them in the same order. Moves and owner changes are rare and use a row
 * trigger whose WHEN clause skips the frequent resource updates without calling any function.
 */
export class Migration0030MapOccupancy extends Migration {
  override name = '0030-map-occupancy';

  override up(): void {
    this.addSql(`
      create table region_occupancy (
        region integer primary key check (region between 1 and 961),
        territories integer not null
      );
      create table subregion_occupancy (
        region integer not null check (region between 1 and 961),
        sub_region integer not null check (sub_region between 1 and 961),
        territories integer not null,
        primary key (region, sub_region)
      );

      create function territories_occupancy_inserted() returns trigger language plpgsql as $fn$
      begin${applyCounts('select region, sub_region, 1 as n from inserted_rows where owner_id is not null')}
        return null;
      end $fn$;

      create function territories_occupancy_deleted() returns trigger language plpgsql as $fn$
      begin${applyCounts('select region, sub_region, -1 as n from deleted_rows where owner_id is not null')}
        return null;
      end $fn$;

      create function territories_occupancy_moved() returns trigger language plpgsql as $fn$
      begin${applyCounts(`select old.region as region, old.sub_region as sub_region, -1 as n where old.owner_id is not null
             union all select new.region, new.sub_region, 1 where new.owner_id is not null`)}
        return null;
      end $fn$;

      create function territories_occupancy_truncated() returns trigger language plpgsql as $fn$
      begin
        delete from region_occupancy;
        delete from subregion_occupancy;
        return null;
      end $fn$;

      create trigger territories_occupancy_insert after insert on territories
        referencing new table as inserted_rows for each statement execute function territories_occupancy_inserted();
      create trigger territories_occupancy_delete after delete on territories
        referencing old table as deleted_rows for each statement execute function territories_occupancy_deleted();
      create trigger territories_occupancy_update after update of owner_id, region, sub_region on territories
        for each row when (old.owner_id is distinct from new.owner_id or old.region <> new.region or old.sub_region <> new.sub_region)
        execute function territories_occupancy_moved();
      create trigger territories_occupancy_truncate after truncate on territories
        for each statement execute function territories_occupancy_truncated();

      insert into region_occupancy (region, territories)
        select region, count(*) from territories where owner_id is not null group by region;
      insert into subregion_occupancy (region, sub_region, territories)
        select region, sub_region, count(*) from territories where owner_id is not null group by region, sub_region;
    `);
  }
}
