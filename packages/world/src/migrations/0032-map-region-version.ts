import { Migration } from '@mikro-orm/migrations';

/**
 * Change stamps for the map's territory lists (social spec 7: id, name, position, owner id and owner
 * username of every territory of a region), so an api process can keep a region's serialised answer,
 * check it with one primary-key read, and after a change rebuild only the sub-regions that changed
 * (docs/decisions.md 5).
 *
 * `version` on `region_occupancy` and on `subregion_occupancy` takes a new value of one sequence
 * whenever anything in that region's (sub-region's) list may have changed: territories inserted or
 * deleted (statement triggers, owned or not), a territory renamed, moved or changing hands (row
 * trigger; the frequent resource and level updates do not fire it), a user renamed (claiming a guest)
 * for every place where that user holds territories. Values come from a sequence, so a row deleted
 * (truncate) and made again never repeats an old stamp; a place without a row has no stamp.
 *
 * Lock order: these triggers are named so that they fire before the occupancy counters of 0030 and
 * upsert every region, then every sub-region, the statement touches, in key order; the counters then
 * only touch rows already held. A rename and a concurrent write giving the same user a territory are
 * serialised on the user's row (users_map_version_renamed), so the rename sees that territory.
 */
export class Migration0032MapRegionVersion extends Migration {
  override name = '0032-map-region-version';

  override up(): void {
    this.addSql(`
      create sequence map_version;
      alter table region_occupancy add column version bigint not null default nextval('map_version');
      alter table subregion_occupancy add column version bigint not null default nextval('map_version');

      -- (regions[i], sub_regions[i]) pairs whose territory lists changed: new stamps for both levels.
      create function map_version_bump(regions integer[], sub_regions integer[]) returns void language sql as $fn$
        insert into region_occupancy as o (region, territories)
          select distinct r, 0 from unnest(regions) r order by 1
        on conflict (region) do update set version = nextval('map_version');
        insert into subregion_occupancy as o (region, sub_region, territories)
          select distinct r, s, 0 from unnest(regions, sub_regions) p(r, s) order by 1, 2
        on conflict (region, sub_region) do update set version = nextval('map_version');
      $fn$;

      create function territories_map_version_inserted() returns trigger language plpgsql as $fn$
      begin
        perform map_version_bump(array_agg(region), array_agg(sub_region)) from inserted_rows;
        return null;
      end $fn$;

      create function territories_map_version_deleted() returns trigger language plpgsql as $fn$
      begin
        perform map_version_bump(array_agg(region), array_agg(sub_region)) from deleted_rows;
        return null;
      end $fn$;

      create function territories_map_version_updated() returns trigger language plpgsql as $fn$
      begin
        -- A move or a rename keeps the owner, so no foreign-key check locks the owner's row: lock it as
        -- that check would, so that a concurrent rename of the owner waits for this write (see below).
        if new.owner_id is not null and new.owner_id is not distinct from old.owner_id then
          perform 1 from users where id = new.owner_id for key share;
        end if;
        perform map_version_bump(array[old.region, new.region], array[old.sub_region, new.sub_region]);
        return null;
      end $fn$;

      create function users_map_version_renamed() returns trigger language plpgsql as $fn$
      begin
        -- Writers giving this user a territory hold a key-share lock on the row (foreign-key check, or
        -- the trigger above) until they commit. Upgrading our lock waits for them, so the query below
        -- sees their territories; writers that come later wait for this transaction instead.
        perform 1 from users where id = new.id for update;
        perform map_version_bump(array_agg(region), array_agg(sub_region)) from territories where owner_id = new.id;
        return null;
      end $fn$;

      create trigger territories_map_version_insert after insert on territories
        referencing new table as inserted_rows for each statement execute function territories_map_version_inserted();
      create trigger territories_map_version_delete after delete on territories
        referencing old table as deleted_rows for each statement execute function territories_map_version_deleted();
      create trigger territories_map_version_update after update of id, name, region, sub_region, position, owner_id on territories
        for each row when (old.id <> new.id or old.name <> new.name or old.region <> new.region or old.sub_region <> new.sub_region
                           or old.position <> new.position or old.owner_id is distinct from new.owner_id)
        execute function territories_map_version_updated();
      create trigger users_map_version_rename after update of username on users
        for each row when (old.username is distinct from new.username) execute function users_map_version_renamed();

      -- Places whose territories are all ownerless have no counter row yet: give them a stamp too.
      select map_version_bump(array_agg(region), array_agg(sub_region))
        from (select distinct region, sub_region from territories) d;
    `);
  }
}
